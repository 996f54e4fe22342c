import AppLockCore
public import AppLockProtocol

/// Whether the guard can hide guarded apps right now, as its backend finds it and reports it to the driver: the
/// desktop's side has answered (protecting), or not and why (``GuardReason``), on which desktop, and what to do.
/// The driver publishes it on the bus (``GuardProperty``), logs it, and raises the desktop notification from it.
public struct GuardReadiness: Sendable, Equatable {
    /// Nil while protecting.
    public var reason: GuardReason?
    /// The desktop with its version when known: `GNOME 48.7`, `sway`, `KDE Plasma (KWin)`, `X11`.
    public var desktopName: String
    /// While protecting, how (`through the AppLock extension`); else what is wrong
    /// (`the AppLock extension is out of date (OUT_OF_DATE)`).
    public var detail: String
    /// What the user can do about it; empty while protecting.
    public var fix: String

    public var isProtecting: Bool { reason == nil }

    /// `protecting guarded apps on sway (its IPC answers)`, or `NOT protecting on GNOME 48.7: <detail>`.
    public var statement: String {
        GuardStatement.text(protecting: reason == nil, on: desktopName, detail)
    }

    public static func protecting(on desktopName: String, _ how: String) -> GuardReadiness {
        GuardReadiness(reason: nil, desktopName: desktopName, detail: how, fix: "")
    }

    public static func notProtecting(_ reason: GuardReason, on desktopName: String, _ detail: String, fix: String)
        -> GuardReadiness
    {
        GuardReadiness(reason: reason, desktopName: desktopName, detail: detail, fix: fix)
    }

    /// What the guard says before its backend has reported: waiting for the desktop's side, or, where there is no
    /// backend, that it never will.
    public static func initial(for desktop: GuardDesktop) -> GuardReadiness {
        switch desktop {
        case .x11:
            .notProtecting(.waiting, on: desktop.name, N_("no cover has been made yet"), fix: Self.waitFix)
        case .sway:
            .notProtecting(.waiting, on: desktop.name, N_("sway's IPC has not answered yet"), fix: Self.waitFix)
        case .plasmaWayland:
            .notProtecting(.waiting, on: desktop.name, N_("the AppLock KWin script has not polled yet"), fix: Self.waitFix)
        case .gnomeWayland:
            .notProtecting(.waiting, on: desktop.name, N_("the AppLock extension has not answered yet"), fix: Self.waitFix)
        case .wlroots:
            .notProtecting(.waiting, on: desktop.name, N_("the compositor has not listed its windows yet"), fix: Self.waitFix)
        case .otherWayland(let name) where name.lowercased().split(separator: ":").contains("labwc"):
            .notProtecting(
                .protocolsWithheld, on: desktop.name,
                N_("labwc withholds wlr-foreign-toplevel-management or wlr-layer-shell from the guard (the <privilegedInterfaces> setting in its rc.xml allows only the interfaces it lists): guarded apps are locked in the agent but their windows stay visible"),
                fix: N_("add <allow>zwlr_foreign_toplevel_manager_v1</allow> and <allow>zwlr_layer_shell_v1</allow> to <privilegedInterfaces> in ~/.config/labwc/rc.xml (or remove that block), run `labwc --reconfigure`, then restart applock-guard (systemctl --user restart applock-guard)"))
        case .hyprland, .otherWayland:
            .notProtecting(
                .unsupportedDesktop, on: desktop.name,
                N_("this compositor offers no wlr-foreign-toplevel-management (with wlr-layer-shell), and a Wayland client cannot see or cover other apps' windows without it: guarded apps are locked in the agent but their windows stay visible"),
                fix: N_("use labwc, GNOME, KDE Plasma, sway or an X11 session for apps that must be hidden"))
        case .none:
            .notProtecting(.noDisplay, on: desktop.name, N_("there is no display, so nothing to hide"), fix: "")
        }
    }

    /// The remedy while the desktop's side has not answered yet.
    public static let waitFix = N_("wait a moment; if this stays, restart applock-guard (systemctl --user restart applock-guard)")
}
