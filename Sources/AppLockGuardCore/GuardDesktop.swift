import AppLockCore
import AppLockProtocol

/// The desktop the guard runs in, read once from the session's environment, which picks the backend (what the
/// backend finds is a ``GuardReadiness``). Pure: the environment comes in as a dictionary.
public enum GuardDesktop: Sendable, Equatable, CustomStringConvertible {
    /// An X11 session (any EWMH window manager): covers drawn by the guard itself.
    case x11
    /// sway, or another wlroots compositor speaking sway's IPC (`SWAYSOCK`).
    case sway
    /// Hyprland (`HYPRLAND_INSTANCE_SIGNATURE`): guarded as ``wlroots(_:)`` when it offers the wlroots protocols.
    case hyprland
    /// KDE Plasma on Wayland: a KWin script loaded over D-Bus does what the guard cannot.
    case plasmaWayland
    /// GNOME Shell on Wayland: the AppLock Shell extension does what the guard cannot.
    case gnomeWayland
    /// A compositor offering `zwlr_foreign_toplevel_manager_v1` and `zwlr_layer_shell_v1` (labwc, Wayfire, Hyprland,
    /// niri, river…), named by `XDG_CURRENT_DESKTOP` when it says: found by asking it (``withWlrProtocols(offered:)``).
    case wlroots(String)
    /// Another Wayland compositor (named by `XDG_CURRENT_DESKTOP` when it says).
    case otherWayland(String)
    /// No display at all.
    case none

    /// Picks the desktop from the session's variables: a compositor's own socket first (`SWAYSOCK`,
    /// `HYPRLAND_INSTANCE_SIGNATURE`), then a Wayland display named by `XDG_CURRENT_DESKTOP`, then X11 (`DISPLAY`
    /// without `WAYLAND_DISPLAY`: under Wayland, `DISPLAY` is Xwayland, which shows only X11 apps).
    /// `APPLOCK_GUARD_BACKEND=wlroots` with a Wayland display skips the desktops' own backends (sway's IPC) for the
    /// wlroots protocols.
    public static func choose(environment: [String: String]) -> GuardDesktop {
        func present(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").lowercased().split(separator: ":").map(String.init)
        let name = environment["XDG_CURRENT_DESKTOP"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
        if present("WAYLAND_DISPLAY"), environment["APPLOCK_GUARD_BACKEND"] == "wlroots" { return .otherWayland(name) }
        if present("SWAYSOCK") { return .sway }
        if present("HYPRLAND_INSTANCE_SIGNATURE") { return .hyprland }
        if present("WAYLAND_DISPLAY") {
            if desktops.contains("kde") { return .plasmaWayland }
            if desktops.contains("gnome") { return .gnomeWayland }
            if desktops.contains("sway") { return .sway }
            return .otherWayland(name)
        }
        if present("DISPLAY") { return .x11 }
        return .none
    }

    /// The desktop once the compositor has said whether it offers both wlroots protocols: Hyprland and the other
    /// Wayland desktops become ``wlroots(_:)`` when it does; every other desktop stays what it is.
    public func withWlrProtocols(offered: Bool) -> GuardDesktop {
        switch self {
        case .hyprland where offered: .wlroots("Hyprland")
        case .otherWayland(let name) where offered: .wlroots(name)
        default: self
        }
    }

    /// Whether the guard asks the compositor for the wlroots protocols: a Wayland desktop with no backend of its own.
    public var mayOfferWlrProtocols: Bool {
        switch self {
        case .hyprland, .otherWayland: true
        default: false
        }
    }

    /// The backend's short name, as the log and the `Desktop` property say it.
    public var description: String {
        switch self {
        case .x11: "x11"
        case .sway: "sway"
        case .hyprland: "hyprland"
        case .plasmaWayland: GuardProperty.plasmaDesktop
        case .gnomeWayland: "gnome-wayland"
        case .wlroots(let name): "wlroots (\(name))"
        case .otherWayland(let name): "wayland (\(name))"
        case .none: "none"
        }
    }

    /// The desktop's name for people, before its backend knows the version.
    public var name: String {
        switch self {
        case .x11: "X11"
        case .sway: "sway"
        case .hyprland: "Hyprland"
        // TRANSLATORS: the desktop's name, as KDE writes it in your language (usually as it is).
        case .plasmaWayland: N_("KDE Plasma (KWin)")
        case .gnomeWayland: "GNOME"
        case .wlroots(let name): name
        case .otherWayland(let name): N_("this Wayland desktop") + " (\(name))"
        case .none: N_("no display")
        }
    }
}
