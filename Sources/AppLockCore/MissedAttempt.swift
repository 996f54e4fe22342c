/// One failed unlock of an app while it was locked, as the agent keeps it until the next successful unlock: when,
/// how and with what result. It holds no passcode and nothing typed by the user.
public struct MissedAttempt: Equatable, Sendable {
    /// How the person tried to unlock.
    public enum Method: String, Equatable, Sendable, CaseIterable {
        case passcode
        case systemAuthentication = "system-authentication"
    }

    /// What the attempt led to.
    public enum Outcome: String, Equatable, Sendable, CaseIterable {
        /// A wrong passcode, below the lock-out threshold.
        case wrongPasscode = "wrong-passcode"
        /// A wrong passcode that started a lock-out.
        case lockedOut = "locked-out"
        /// System authentication refused or dismissed.
        case notAuthorized = "not-authorized"
    }

    /// Wall-clock time of the attempt.
    public var time: UnixMicroseconds
    public var method: Method
    public var outcome: Outcome

    public init(time: UnixMicroseconds, method: Method, outcome: Outcome) {
        self.time = time
        self.method = method
        self.outcome = outcome
    }
}
