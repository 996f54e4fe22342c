public import AppLockCore

/// One application's failed-attempt bookkeeping.
public struct LockoutRecord: Equatable, Sendable {
    /// Consecutive failed passcode attempts since the last success.
    public var failedAttempts: UInt32
    /// When the next attempt is allowed (Unix µs); 0 = no lock-out pending.
    public var retryAfter: UnixMicroseconds

    public init(failedAttempts: UInt32 = 0, retryAfter: UnixMicroseconds = 0) {
        self.failedAttempts = failedAttempts
        self.retryAfter = retryAfter
    }

    /// No failures, no lock-out.
    public static let clean = LockoutRecord()
}
