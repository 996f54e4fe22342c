/// Why an application's state last changed, as SPEC spells it.
public enum LockReason: String, Sendable, CaseIterable {
    case launch
    case manual
    case sessionLock = "session-lock"
    case screensaver
    case suspend
    case shutdown
    case idle
    case background
    case sessionSwitch = "session-switch"
    case unlock
    case foreground
}
