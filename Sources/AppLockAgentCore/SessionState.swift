/// The desktop session's state as the agent publishes it, as SPEC spells it.
public enum SessionState: String, Sendable, CaseIterable {
    case active
    case locked
    case screensaver
    case inactive
    case idle
    case suspending
}
