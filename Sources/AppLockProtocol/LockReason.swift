/// Why an application is in its state, as SPEC spells it (`launch`, `session-lock`, …). A client keeps any reason
/// the agent sends, known here or not, and has two of its own that the agent never sends: ``starting`` and
/// ``agentUnavailable``.
public struct LockReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let launch = LockReason(rawValue: "launch")
    public static let manual = LockReason(rawValue: "manual")
    public static let sessionLock = LockReason(rawValue: "session-lock")
    public static let screensaver = LockReason(rawValue: "screensaver")
    public static let suspend = LockReason(rawValue: "suspend")
    public static let shutdown = LockReason(rawValue: "shutdown")
    public static let idle = LockReason(rawValue: "idle")
    public static let background = LockReason(rawValue: "background")
    public static let sessionSwitch = LockReason(rawValue: "session-switch")
    /// The screen is being shared or recorded (policy key `LockOnScreenShare`).
    public static let screenShare = LockReason(rawValue: "screen-share")
    public static let unlock = LockReason(rawValue: "unlock")
    public static let foreground = LockReason(rawValue: "foreground")
    /// The client has not heard from the agent yet (it reports `locked` meanwhile).
    public static let starting = LockReason(rawValue: "starting")
    /// The agent is not on the bus (or the bus is gone): the client fails closed and reports `locked`.
    public static let agentUnavailable = LockReason(rawValue: "agent-unavailable")
}
