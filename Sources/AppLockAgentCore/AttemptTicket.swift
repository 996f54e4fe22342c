import AppLockCore
public import AppLockProtocol

/// A passcode attempt in flight, handed out by `AgentStateMachine.beginAttempt` and returned to `finishAttempt`.
public struct AttemptTicket: Equatable, Sendable {
    public let app: AppID
    /// Whose passcode the attempt tries (the app's own, or the AppLock passcode).
    public let holder: PasscodeHolder
    /// The app's lock epoch when the attempt began; a lock after that wins over the attempt.
    let epoch: UInt64
    let serial: UInt64
}
