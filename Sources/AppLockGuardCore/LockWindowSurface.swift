/// What a lock window that is not inside a cover is on a wlroots compositor: an ordinary toplevel, or a layer-shell
/// surface on the overlay layer with the keyboard to itself. The wlroots backend keeps a hidden app's toplevels
/// minimised, with its own overlay over every output until they are; a compositor that ignores `set_minimized`
/// (sway, niri, Hyprland, read in their sources) never minimises them, so the overlay stays up and a toplevel lock
/// window would stay under it: the passcode could not be typed. Above the overlay, on its layer, it can.
public enum LockWindowSurface: Equatable, Sendable {
    /// An ordinary toplevel the compositor places (it minimises what the guard hides, so the overlay comes down).
    case toplevel
    /// A layer-shell surface on the overlay layer with exclusive keyboard focus, made by gtk4-layer-shell, which the
    /// lock window is started with preloaded from `library`.
    case overlayLayer(library: String)
    /// A toplevel under the overlay, since gtk4-layer-shell is not installed: a locked app stays hidden and can be
    /// unlocked only with `applockctl unlock` (installing the package fixes it).
    case underTheOverlay

    /// The Debian package that installs gtk4-layer-shell (`libgtk4-layer-shell.so.0`).
    public static let package = "libgtk4-layer-shell0"

    /// The compositors known to minimise a toplevel on `set_minimized`, by their `XDG_CURRENT_DESKTOP` names
    /// (lowercased): their lock window stays an ordinary toplevel, which the user may leave for another window.
    public static let minimisingCompositors: Set<String> = ["labwc", "wayfire"]

    /// The surface for the compositor `desktopName` (`XDG_CURRENT_DESKTOP`, e.g. `labwc:wlroots`), with gtk4-layer-shell
    /// at `layerShellLibrary` (nil: not installed). A compositor not known to minimise gets the layer-shell surface,
    /// which is usable whether or not it minimises.
    public static func choose(desktopName: String, layerShellLibrary: String?) -> LockWindowSurface {
        let names = desktopName.lowercased().split(separator: ":").map(String.init)
        if names.contains(where: minimisingCompositors.contains) { return .toplevel }
        return layerShellLibrary.map { .overlayLayer(library: $0) } ?? .underTheOverlay
    }

    /// What the guard's protecting statement adds: nothing, or that the passcode cannot be typed and what fixes it.
    public var caveat: String? {
        guard self == .underTheOverlay else { return nil }
        return "this compositor is not known to minimise windows and \(Self.package) is not installed, so "
            + "the lock window stays under the cover: a locked app can be unlocked only with `applockctl unlock` "
            + "until \(Self.package) is installed"
    }
}
