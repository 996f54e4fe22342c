/// The desktop session's state as the agent publishes it (`SessionState`, `SessionStateChanged`), as SPEC spells it.
/// A client keeps any state the agent sends, known here or not, and has one of its own the agent never sends:
/// ``unknown``, while the agent cannot be reached.
public struct SessionState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let active = SessionState(rawValue: "active")
    /// The screen is locked (logind).
    public static let locked = SessionState(rawValue: "locked")
    /// A screensaver is on.
    public static let screensaver = SessionState(rawValue: "screensaver")
    /// Another user's session is in front.
    public static let inactive = SessionState(rawValue: "inactive")
    public static let idle = SessionState(rawValue: "idle")
    /// Suspend or shutdown is under way.
    public static let suspending = SessionState(rawValue: "suspending")
    /// The client's own: the agent is not reachable, so the session's state is not known.
    public static let unknown = SessionState(rawValue: "unknown")
}
