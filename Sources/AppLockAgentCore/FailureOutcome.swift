public import AppLockCore

/// What one more failed attempt leads to.
public enum FailureOutcome: Equatable, Sendable {
    /// Still below the lock-out threshold: `attemptsLeft` more failures are allowed before lock-outs start.
    case wrongPasscode(attemptsLeft: UInt32)
    /// A lock-out of `seconds` starts now and ends at `until`.
    case lockedOut(until: UnixMicroseconds, seconds: UInt64)
}
