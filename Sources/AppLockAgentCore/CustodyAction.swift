public import AppLockCore
public import AppLockProtocol

/// Something the agent's I/O layer must do after an input to ``PasscodeCustody``.
public enum CustodyAction: Equatable, Sendable {
    /// Write the passcode records (``PasscodeCustody/records``) to disk.
    case saveRecords
    /// Read the authenticated policy the disk claims for the app and hand it to
    /// ``PasscodeCustody/authenticatedPolicyRead(_:sealed:claimed:)``; then, when `thenApply`, apply the files again
    /// (``PasscodeCustody/applyFiles(_:)``).
    case readAuthenticatedPolicy(AppID, thenApply: Bool)
    /// Seal `policyText` with the app's sealing key for the hash `fingerprint` names and save it, unless the disk
    /// already holds that seal; report a save with ``PasscodeCustody/sealSaved(_:_:)``.
    case seal(AppID, policyText: String, fingerprint: String)
    /// The app's authenticated policy is verified but its sealing key is not held in this run: it stays in memory
    /// and is sealed when the passcode is next entered (say so in the log).
    case keepUnsealed(AppID)
    /// Delete the app's authenticated policy file.
    case removeAuthenticatedPolicy(AppID)
    /// Forget the app's sealing key.
    case dropSealingKey(AppID)
    /// The app uses the AppLock passcode's sealing key, which the agent holds: it seals the app's policy from now on.
    case shareSealingKey(AppID)
    /// Forget the AppLock passcode's sealing key.
    case dropSharedSealingKey
    /// Hand this policy set to the state machine (`AgentStateMachine.policiesChanged(_:now:)`).
    case applyPolicies(PolicySet)
    /// A weakening of the app's policy waits for authentication: these keys are held (say so in the log).
    case policyHeld(AppID, keys: [String])
    /// The passcode checked the seal on disk: the claim was authentic, or not (`claimOnDisk` false: there was no
    /// claim at all). Say so in the log.
    case authenticatedPolicyVerified(AppID, authentic: Bool, claimOnDisk: Bool)
    /// What the guard applies itself changed: emit `PolicyReloaded`.
    case announcePolicyReloaded
    /// Tell the user that the app's passcode item was tampered with (once per episode).
    case notifyTampered(AppID)
    /// Tell the user that the AppLock passcode's item was tampered with, naming these apps that use it (once per
    /// episode).
    case notifySharedTampered([AppID])
}
