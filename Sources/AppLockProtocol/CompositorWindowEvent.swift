/// One `WindowEvent` call of the compositor's script (``CompositorMethod/windowEvent``), as the guard reads it: a
/// fact, never a decision (whether an activation is the user's or the compositor's hand-off is the guard's to tell).
public struct CompositorWindowEvent: Sendable, Hashable {
    /// What happened to the window; the raw value is the `kind` argument.
    public enum Kind: String, Sendable, CaseIterable, Hashable {
        /// The window is new to the script, or it named its app anew (its desktop-file name or class changed).
        case added
        /// It was minimised or restored (`minimized` says which).
        case changed
        /// It got the focus (the lock window's too).
        case activated
        /// The script minimised it while it had the focus: the compositor hands the focus on by itself next.
        case hidden
        /// It came back from minimised, not by the script's doing (the task bar, Alt+Tab, a click).
        case restored
        /// The script minimised it before it was ever on screen: a window just opened, which would have come up in
        /// front with the focus (GNOME's extension; KWin reports a new window's activation itself).
        case openedHidden = "opened-hidden"
        /// The current desktop or workspace changed; the call names no window (its other arguments are empty).
        case workspace
        /// It is gone.
        case removed
        /// The user pressed the shortcut the script binds in the compositor to lock every protected app (KWin's own
        /// shortcut "AppLock: Lock All Now"); the call names no window (its other arguments are empty).
        case lockAll = "lock-all"
    }

    public var kind: Kind
    /// The compositor's id of the window (KWin's `internalId`, Mutter's stable sequence), opaque to the guard.
    public var window: String
    /// The window's desktop-file name as the compositor knows it; empty when it has none.
    public var desktopFile: String
    /// Its resource class (a Wayland app id or an X11 class); empty when it has none.
    public var resourceClass: String
    /// Its process; 0 when unknown.
    public var pid: Int32
    public var minimised: Bool

    public init(kind: Kind, window: String, desktopFile: String, resourceClass: String, pid: Int32, minimised: Bool) {
        self.kind = kind
        self.window = window
        self.desktopFile = desktopFile
        self.resourceClass = resourceClass
        self.pid = pid
        self.minimised = minimised
    }

    /// The call's arguments in order (`kind`, `id`, `desktop_file`, `resource_class`, `pid`, `minimized`); nil for a
    /// kind the contract does not name.
    public init?(kind: String, window: String, desktopFile: String, resourceClass: String, pid: Int32, minimised: Bool) {
        guard let kind = Kind(rawValue: kind) else { return nil }
        self.init(kind: kind, window: window, desktopFile: desktopFile, resourceClass: resourceClass, pid: pid,
                  minimised: minimised)
    }
}
