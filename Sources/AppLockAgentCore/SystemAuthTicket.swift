import AppLockCore
public import AppLockProtocol

/// A system authentication in flight, handed out by `AgentStateMachine.beginSystemAuthentication` and returned to
/// `finishSystemAuthentication` (or named by `.cancelSystemAuthentication` when a lock or the caller's leaving
/// ends it first).
public struct SystemAuthTicket: Hashable, Sendable {
    /// Unique for the agent's lifetime; also makes the polkit cancellation id.
    public let id: UInt64
    /// The app; nil for `ResetSharedPasscode`, which acts on the AppLock passcode itself.
    public let app: AppID?
    public let purpose: SystemAuthPurpose
    /// The unique bus name of the caller; its leaving cancels the check.
    public let caller: String
    /// The app's lock epoch when the check began; a lock after that wins over it (no lock cancels a check of no app).
    let epoch: UInt64
}
