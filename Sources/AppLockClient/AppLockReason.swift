/// Why an application is in its state, as the agent reports it (`launch`, `session-lock`, …), plus two reasons of
/// the client's own: ``starting`` and ``agentUnavailable``.
public struct AppLockReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let launch = AppLockReason(rawValue: "launch")
    public static let manual = AppLockReason(rawValue: "manual")
    public static let sessionLock = AppLockReason(rawValue: "session-lock")
    public static let screensaver = AppLockReason(rawValue: "screensaver")
    public static let suspend = AppLockReason(rawValue: "suspend")
    public static let shutdown = AppLockReason(rawValue: "shutdown")
    public static let idle = AppLockReason(rawValue: "idle")
    public static let background = AppLockReason(rawValue: "background")
    public static let sessionSwitch = AppLockReason(rawValue: "session-switch")
    public static let unlock = AppLockReason(rawValue: "unlock")
    public static let foreground = AppLockReason(rawValue: "foreground")
    /// The client has not heard from the agent yet (it reports `locked` meanwhile).
    public static let starting = AppLockReason(rawValue: "starting")
    /// The agent is not on the bus (or the bus is gone): the client fails closed and reports `locked`.
    public static let agentUnavailable = AppLockReason(rawValue: "agent-unavailable")
}
