/// What GtkKit could not do.
public enum GtkKitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// GTK found no display it may use (no `DISPLAY`/`WAYLAND_DISPLAY`, or the server refused the connection).
    case noDisplay
    /// An X11-only operation was asked for on another GDK backend.
    case notX11
    /// The window has no X window yet (it was not realized).
    case notRealized
    /// The X window does not exist (or is not reachable).
    case noSuchWindow(UInt)
    /// A program could not be started (GLib's message).
    case spawnFailed(String)
    /// A window cannot be a layer-shell surface (why).
    case noLayerShell(String)

    public var description: String {
        switch self {
        case .noDisplay: "Cannot open a display (is DISPLAY set?)."
        case .notX11: "This needs GTK's X11 backend."
        case .notRealized: "The window has no X window yet."
        case .noSuchWindow(let id): "There is no X window 0x\(String(id, radix: 16))."
        case .spawnFailed(let message): message
        case .noLayerShell(let why): "The window cannot go on the overlay layer: \(why)."
        }
    }
}
