import AppLockCore
public import AppLockProtocol

/// One thing a desktop tells about a window that may name its app. ``WindowApp/resolve(_:guarded:appsByPID:ancestors:)``
/// weighs a window's clues by their kind, then in the order the backend gives them.
public enum WindowClue: Equatable, Sendable {
    /// The app the launcher of the window's process named (its systemd scope, `GIO_LAUNCHED_DESKTOP_FILE`).
    case launchedApp(AppID)
    /// A name that counts only as an app id (X11's `_GTK_APPLICATION_ID`).
    case appID(String)
    /// X11's `WM_CLASS`, matched against the guarded apps' `StartupWMClass` (or, without one, their ids).
    case windowClass(instance: String, className: String)
    /// A name a compositor gives the window (a Wayland app id, a desktop-file name, an Xwayland class): as an app
    /// id, then as a window class.
    case name(String)
    /// The app of the window this one is transient for.
    case ownerApp(AppID)
}
