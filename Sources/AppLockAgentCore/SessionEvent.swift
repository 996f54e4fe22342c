public import AppLockCore

/// A desktop-session signal, decoded by the agent's watchers.
public enum SessionEvent: Equatable, Sendable {
    /// logind session `Lock` (true) / `Unlock` (false) or `LockedHint`.
    case sessionLocked(Bool)
    /// A screensaver's `ActiveChanged`.
    case screenSaverActive(Bool)
    /// logind session `Active`; false = another user's session is in front.
    case sessionActive(Bool)
    /// logind `IdleHint`, with `IdleSinceHint` (wall-clock µs) when known (nil or 0 = now).
    case idleHint(Bool, since: UnixMicroseconds?)
    /// gnome-session presence status 3 (idle) or back.
    case presenceIdle(Bool)
    /// logind `PrepareForSleep`: true before suspend, false after resume.
    case prepareForSleep(Bool)
    /// logind `PrepareForShutdown`: true before shutdown, false when cancelled.
    case prepareForShutdown(Bool)

    /// The default log source of the event.
    var defaultSource: String {
        switch self {
        case .sessionLocked, .sessionActive, .idleHint, .prepareForSleep, .prepareForShutdown: "logind"
        case .screenSaverActive: "screensaver"
        case .presenceIdle: "gnome-session-presence"
        }
    }
}
