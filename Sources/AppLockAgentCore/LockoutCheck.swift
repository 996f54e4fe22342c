public import AppLockCore

/// Whether an application may try a passcode now.
public enum LockoutCheck: Equatable, Sendable {
    case allowed
    /// Locked out until `until`; `secondsLeft` is rounded up.
    case lockedOut(until: UnixMicroseconds, secondsLeft: UInt64)
}
