public import AppLockProtocol
public import AppLockCore

/// What a passcode attempt found in the store, as the agent's worker reports it to
/// ``AgentStateMachine/attemptFound(_:_:purpose:files:now:)``.
public enum AttemptFinding: Equatable, Sendable {
    /// The passcode is right: the store holds a hash of `kind` with `fingerprint` as `holder`'s passcode (for
    /// ChangePasscode, the new one's, always the app's own); `seal` says what the agent knows for sealing.
    case verified(holder: PasscodeHolder, kind: PasscodeKind, fingerprint: String, seal: SealFinding)
    case wrong
    /// The item is gone, or its hash is not the one recorded (``PasscodeRecords``): nothing is verified.
    case tampered
    /// The store could not be read; counts as neither success nor failure.
    case storeUnavailable

    /// What a right passcode gave the agent for sealing authenticated policies.
    public enum SealFinding: Equatable, Sendable {
        /// No key: the attempt derived none, and the AppLock passcode's is not held.
        case none
        /// The attempt derived the holder's sealing key, and checked these apps' seals on disk with it (whether
        /// each was made with this passcode).
        case derived(authentic: [AppID: Bool])
        /// The AppLock passcode's key is held from before in this run; the attempt checked no seal.
        case sharedKeyHeld
    }
}
