public import AppLockCore
public import AppLockProtocol
import SystemKit

/// Everything the client knows about its application, as one value: what to show and why, whether the agent
/// is reachable, the passcode's kind, failed attempts and any pending lock-out.
public struct AppLockStatus: Sendable, Hashable {
    /// What the application must show. `locked` whenever the agent is not reachable (the client fails closed).
    public var state: AppState
    /// Why.
    public var reason: LockReason
    /// The application is registered with a running agent.
    public var isAgentAvailable: Bool
    /// A passcode is stored for the application.
    public var hasPasscode: Bool
    /// The stored passcode's kind, nil without a passcode.
    public var passcodeKind: PasscodeKind?
    /// Consecutive failed passcode attempts.
    public var failedAttempts: UInt32
    /// Unix time in microseconds when the next attempt is allowed; 0 when no lock-out is pending.
    public var retryAfter: UInt64
    /// The policy's `MaxFailedAttempts` (0: failures never lock out), nil until the agent has said.
    public var maxFailedAttempts: UInt32?
    /// A `shouldLock` veto (inhibitor) is held on the application.
    public var isInhibited: Bool
    /// The desktop session's state.
    public var sessionState: SessionState
    /// Why the last registration failed (for example ``AppLockError/alreadyRegistered``), nil when it did not.
    public var registrationError: AppLockError?

    /// The status before the agent has answered: locked (fail closed).
    public static let starting = AppLockStatus(
        state: .locked, reason: .starting, isAgentAvailable: false, hasPasscode: false, passcodeKind: nil,
        failedAttempts: 0, retryAfter: 0, maxFailedAttempts: nil, isInhibited: false, sessionState: .unknown, registrationError: nil)

    /// Failed attempts left before the next one imposes a lock-out; nil when unknown or when failures never lock out.
    public var attemptsLeft: UInt32? {
        guard let maximum = maxFailedAttempts, maximum > 0 else { return nil }
        return maximum > failedAttempts ? maximum - failedAttempts : 0
    }

    /// Whether the lock screen must show.
    public var isLocked: Bool { state == .locked }

    /// Whole seconds until the next passcode attempt is allowed (0 when none is pending), measured against
    /// `nowMicroseconds` (Unix time; the current time by default).
    public func secondsUntilRetry(nowMicroseconds: UInt64 = AppLockStatus.currentUnixMicroseconds()) -> UInt64 {
        guard retryAfter > nowMicroseconds else { return 0 }
        return (retryAfter - nowMicroseconds + 999_999) / 1_000_000
    }

    /// The wall clock as Unix time in microseconds.
    public static func currentUnixMicroseconds() -> UInt64 {
        EventLoop.wallClockMicroseconds()
    }
}
