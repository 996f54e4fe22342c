/// The desktop session's state as the agent sees it (`SessionState` / `SessionStateChanged`).
public enum DesktopSessionState: String, Sendable, Hashable, CaseIterable {
    case active
    /// The screen is locked (logind).
    case locked
    /// A screensaver is on.
    case screensaver
    /// Another user's session is in front.
    case inactive
    case idle
    /// Suspend or shutdown is under way.
    case suspending
    /// Not known (the agent is not reachable).
    case unknown
}
