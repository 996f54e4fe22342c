public import AppLockCore
public import AppLockProtocol

/// What the agent decides about the apps with a passcode, beside their states (``AgentStateMachine`` owns it and
/// feeds it, in ``AgentStateMachine/custody``): which apps have one and whether
/// the keyring's item is still theirs (``PasscodeRecords``), which policy of each is authenticated and which
/// weakenings are held (``AuthenticatedPolicies``), when an authenticated policy is sealed, and when the user is told
/// of a tampered item. Pure: each input returns the ``CustodyAction``s the agent carries out; the disk, the keyring,
/// the sealing keys themselves and the log are the agent's.
public struct PasscodeCustody: Equatable, Sendable {
    /// Which apps have a passcode, with the fingerprint of each hash.
    public private(set) var records = PasscodeRecords()
    /// The authenticated policy of each app with a passcode.
    public private(set) var authenticated = AuthenticatedPolicies()
    /// The authenticated policies as on disk (read at startup, then as saved), each sealed with its app's passcode.
    public private(set) var sealedOnDisk: [AppID: SealedPolicy] = [:]
    /// The weakenings held per app, waiting for `ConfirmPolicy`, in SPEC order.
    public private(set) var held: [AppID: [String]] = [:]
    /// The apps whose sealing key the agent holds in this run (derived when the passcode was set or entered).
    private var keyed: Set<AppID> = []
    /// The agent holds the AppLock passcode's sealing key in this run (derived when it was set or entered): one key
    /// seals the policy of every app that uses it, so one entry of it verifies them all. Every app that uses it is
    /// in ``keyed`` exactly while this holds.
    private var sharedKeyed = false
    /// The apps whose tampered passcode item the user was told about in this episode.
    private var toldTampered: Set<AppID> = []
    /// The user was told in this episode that the AppLock passcode's item was tampered with.
    private var toldSharedTampered = false

    public init() {}

    // MARK: - Startup

    /// The records read at startup: every app in them has a passcode, whether or not the keyring still holds its
    /// item. Returns the reads of their authenticated policies (applied later, with the files).
    public mutating func restore(_ records: PasscodeRecords) -> [CustodyAction] {
        self.records = records
        return records.appsWithPasscode.sorted().map { .readAuthenticatedPolicy($0, thenApply: false) }
    }

    /// What the disk claims as the app's authenticated policy (`sealed` as read, `claimed` its policy; both nil when
    /// there is none or it is unreadable). It counts only once the app's passcode has checked its seal.
    public mutating func authenticatedPolicyRead(_ app: AppID, sealed: SealedPolicy?, claimed: Policy?) {
        sealedOnDisk[app] = sealed
        authenticated.restore(app, claiming: claimed)
    }

    // MARK: - The files

    /// Applies the files' policy, holding each weakening of an app with a passcode against its authenticated policy.
    public mutating func applyFiles(_ files: PolicySet) -> [CustodyAction] {
        hold(files).actions
    }

    /// The user authenticated the files' policy of `app`, read again now (its passcode or system authentication):
    /// it becomes the authenticated one and applies, and the guard hears of it.
    public mutating func confirm(_ app: AppID, files: PolicySet) -> [CustodyAction] {
        authenticated.confirm(app, files: files)
        return seal(app) + hold(files).actions + [.announcePolicyReloaded]
    }

    // MARK: - Passcodes

    /// The app has a passcode of `kind` (the keyring listed it, a look-up found it, or an attempt verified it); a nil
    /// `fingerprint` keeps the one recorded. An app newly known to have one has its weakenings held from now on,
    /// against what the disk claims.
    public mutating func passcodeKnown(_ app: AppID, kind: PasscodeKind, fingerprint: String? = nil) -> [CustodyAction] {
        var actions: [CustodyAction] = []
        if records.stored(app, kind: kind, fingerprint: fingerprint) { actions.append(.saveRecords) }
        if authenticated.baselines[app] == nil { actions.append(.readAuthenticatedPolicy(app, thenApply: true)) }
        return actions
    }

    /// The AppLock passcode is stored with `kind` (SetSharedPasscode, ChangeSharedPasscode, or an attempt verified
    /// it); a nil `fingerprint` keeps the one recorded.
    /// A tampering episode of its item, if any, is over.
    public mutating func sharedPasscodeKnown(kind: PasscodeKind, fingerprint: String?) -> [CustodyAction] {
        toldSharedTampered = false
        return records.sharedStored(kind: kind, fingerprint: fingerprint) ? [.saveRecords] : []
    }

    /// The AppLock passcode's item is gone or is not the one AppLock stored: the user is told once per episode, in one
    /// notification naming every app that uses it (each stays locked).
    public mutating func sharedTampered() -> [CustodyAction] {
        guard !toldSharedTampered else { return [] }
        toldSharedTampered = true
        return [.notifySharedTampered(records.sharedUsers.sorted())]
    }

    /// UseSharedPasscode: `app` uses the AppLock passcode from now on, and its weakenings are held from now on. The
    /// files' policy is its authenticated one, sealed with the AppLock passcode's key now when the agent holds it, else
    /// when the AppLock passcode is next entered.
    public mutating func usesSharedPasscode(_ app: AppID, files: PolicySet) -> [CustodyAction] {
        guard records.usesShared(app) else { return [] }
        authenticated.confirm(app, files: files)
        return [.saveRecords] + shareKey(app) + seal(app) + hold(files).actions
    }

    /// The agent holds the AppLock passcode's sealing key from now on: SetSharedPasscode made it, or an attempt on the
    /// AppLock passcode derived it (ChangeSharedPasscode: the new passcode's) and checked the seal of every app that uses
    /// it whose key was not held, `authentic` saying which claims on disk were sealed with it. Each verified claim
    /// applies as in ``passcodeVerified(_:derivedKey:claimIsAuthentic:files:)``, and every such app's authenticated
    /// policy is sealed again with the key, for the hash recorded now.
    public mutating func sharedPasscodeVerified(authentic: [AppID: Bool], files: PolicySet) -> [CustodyAction] {
        sharedKeyed = true
        var actions: [CustodyAction] = []
        var verified = false
        let users = records.sharedUsers.sorted()
        for app in users {
            keyed.insert(app)
            if let claim = authentic[app], authenticated.verify(app, claimIsAuthentic: claim) {
                verified = true
                actions.append(.authenticatedPolicyVerified(app, authentic: claim, claimOnDisk: sealedOnDisk[app] != nil))
            }
        }
        actions += users.flatMap { seal($0) }
        if verified {
            let (applied, heldChanged) = hold(files)
            actions += applied
            if heldChanged { actions.append(.announcePolicyReloaded) }
        }
        return actions
    }

    /// The apps whose seal on disk an attempt on `holder`'s passcode must check, deriving the key: for the AppLock
    /// passcode, every app that uses it until the agent holds its key (one entry verifies them all); for an app's own,
    /// the app until its key is held. Empty once the key is held.
    public func sealChecks(for holder: PasscodeHolder) -> [AppID] {
        switch holder {
        case .shared: sharedKeyed ? [] : records.sharedUsers.sorted()
        case .app(let app): keyed.contains(app) ? [] : [app]
        }
    }

    /// SwitchToSharedPasscode: `app` gave up its own passcode (just proven) for the AppLock passcode. The records say
    /// so, and the key of its own passcode seals no more; its authenticated policy stays authenticated, sealed with the
    /// AppLock passcode's key now when the agent holds it, else when the AppLock passcode is next entered.
    public mutating func switchedToSharedPasscode(_ app: AppID) -> [CustodyAction] {
        records.forget(app)
        guard records.usesShared(app) else { return [.saveRecords] }
        toldTampered.remove(app)
        keyed.remove(app)
        return [.saveRecords, .dropSealingKey(app)] + shareKey(app) + seal(app)
    }

    /// The AppLock passcode was removed through AppLock (RemoveSharedPasscode, ResetSharedPasscode): every app that
    /// used it is forgotten as by ``passcodeForgotten(_:files:)``.
    public mutating func sharedPasscodeForgotten(files: PolicySet) -> [CustodyAction] {
        var actions: [CustodyAction] = []
        for app in records.sharedUsers.sorted() { actions += passcodeForgotten(app, files: files) }
        records.forgetShared()
        toldSharedTampered = false
        sharedKeyed = false
        return actions + [.saveRecords, .dropSharedSealingKey]
    }

    /// SetPasscode stored the app's first passcode, and the agent holds its new sealing key: the files' policy is its
    /// authenticated one, sealed with that key.
    public mutating func firstPasscodeStored(
        _ app: AppID, kind: PasscodeKind, fingerprint: String, files: PolicySet
    ) -> [CustodyAction] {
        authenticated.confirm(app, files: files)
        keyed.insert(app)
        return passcodeKnown(app, kind: kind, fingerprint: fingerprint) + seal(app) + hold(files).actions
    }

    /// An attempt verified the app's passcode (after ``passcodeKnown(_:kind:fingerprint:)`` recorded its hash): the
    /// tampering episode, if any, is over. When it derived the sealing key (`derivedKey`, the agent holds it now),
    /// the key seals from now on, and its check of the seal on disk (`claimIsAuthentic`, nil when not checked)
    /// verifies the authenticated policy: an authentic one applies, releasing what was held only for want of
    /// verification; one that is not keeps the stricter policy in force. Either way the authenticated policy is
    /// sealed again, with the hash it was verified against now.
    public mutating func passcodeVerified(
        _ app: AppID, derivedKey: Bool, claimIsAuthentic: Bool?, files: PolicySet
    ) -> [CustodyAction] {
        toldTampered.remove(app)
        var actions: [CustodyAction] = []
        var verified = false
        if derivedKey {
            keyed.insert(app)
            if let authentic = claimIsAuthentic, authenticated.verify(app, claimIsAuthentic: authentic) {
                verified = true
                actions.append(.authenticatedPolicyVerified(app, authentic: authentic, claimOnDisk: sealedOnDisk[app] != nil))
            }
        }
        actions += seal(app)
        if verified {
            let (applied, heldChanged) = hold(files)
            actions += applied
            if heldChanged { actions.append(.announcePolicyReloaded) }
        }
        return actions
    }

    /// The keyring's item of `app` is gone or is not the one AppLock stored: the user is told, once per episode.
    public mutating func tampered(_ app: AppID) -> [CustodyAction] {
        toldTampered.insert(app).inserted ? [.notifyTampered(app)] : []
    }

    /// The passcode of `app` was removed through AppLock (RemovePasscode, ResetPasscode): the records forget it, and
    /// nothing is held for it any more.
    public mutating func passcodeForgotten(_ app: AppID, files: PolicySet) -> [CustodyAction] {
        var actions: [CustodyAction] = []
        if records.forget(app) { actions.append(.saveRecords) }
        toldTampered.remove(app)
        keyed.remove(app)
        sealedOnDisk[app] = nil
        actions.append(.dropSealingKey(app))
        guard authenticated.forget(app) else { return actions }
        return actions + [.removeAuthenticatedPolicy(app)] + hold(files).actions
    }

    /// The agent saved the app's authenticated policy, sealed.
    public mutating func sealSaved(_ app: AppID, _ sealed: SealedPolicy) {
        sealedOnDisk[app] = sealed
    }

    // MARK: - Decisions

    /// An app that now uses the AppLock passcode seals with its key when the agent holds it.
    private mutating func shareKey(_ app: AppID) -> [CustodyAction] {
        guard sharedKeyed else { return [] }
        keyed.insert(app)
        return [.shareSealingKey(app)]
    }

    /// Seals the app's verified authenticated policy with its passcode's key. Without the key (a change authenticated
    /// otherwise before the passcode was entered in this run) it holds in memory, sealed when the passcode is next
    /// entered.
    private func seal(_ app: AppID) -> [CustodyAction] {
        guard let baseline = authenticated.baselines[app], baseline.isVerified else { return [] }
        guard keyed.contains(app), let fingerprint = records.record(protecting: app)?.fingerprint else { return [.keepUnsealed(app)] }
        return [.seal(app, policyText: baseline.policy.policyFileText, fingerprint: fingerprint)]
    }

    /// Holds the files' weakenings; returns the actions and whether the held changes are others than before.
    private mutating func hold(_ files: PolicySet) -> (actions: [CustodyAction], heldChanged: Bool) {
        let outcome = authenticated.hold(files, appsWithPasscode: records.appsWithPasscode)
        var actions = outcome.changed.flatMap { seal($0) }
        for (app, keys) in outcome.held.sorted(by: { $0.key < $1.key }) where held[app] != keys {
            actions.append(.policyHeld(app, keys: keys))
        }
        let heldChanged = held != outcome.held
        held = outcome.held
        actions.append(.applyPolicies(outcome.policies))
        return (actions, heldChanged)
    }
}
