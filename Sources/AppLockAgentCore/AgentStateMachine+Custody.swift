public import AppLockCore
public import AppLockProtocol

/// The passcode custody's inputs, through the machine: each passcode fact reaches the app's state and the custody
/// in one call, and the policy the custody lets apply (its weakenings held) goes straight into
/// ``AgentStateMachine/policiesChanged(_:now:)``. The agent carries out the rest as ``AgentAction/custody(_:)``.
extension AgentStateMachine {
    // MARK: - Startup and the disk

    /// The passcode records read at startup: every app in them has a passcode, whether or not the keyring still
    /// holds its item, and the AppLock passcode's users use it. Ends with the reads of their authenticated policies.
    public mutating func passcodeRecordsRestored(_ records: PasscodeRecords, now: AgentTime) -> [AgentAction] {
        let reads = custody.restore(records)
        var actions: [AgentAction] = []
        for (app, record) in records.records.sorted(by: { $0.key < $1.key }) {
            actions += passcodeStored(app, kind: record.kind, now: now)
        }
        if let shared = records.shared {
            actions += sharedPasscodeStored(kind: shared.kind, now: now)
            actions += sharedUsersRestored(records.sharedUsers, now: now)
        }
        return actions + absorb(reads, now: now)
    }

    /// What the disk claims as the app's authenticated policy (``PasscodeCustody/authenticatedPolicyRead(_:sealed:claimed:)``).
    public mutating func authenticatedPolicyRead(_ app: AppID, sealed: SealedPolicy?, claimed: Policy?) {
        custody.authenticatedPolicyRead(app, sealed: sealed, claimed: claimed)
    }

    /// The app's authenticated policy was saved sealed as `sealed`.
    public mutating func sealSaved(_ app: AppID, _ sealed: SealedPolicy) {
        custody.sealSaved(app, sealed)
    }

    // MARK: - The files

    /// The files' policy, read: it applies with each weakening of an app with a passcode held.
    public mutating func filesRead(_ files: PolicySet, now: AgentTime) -> [AgentAction] {
        absorb(custody.applyFiles(files), now: now)
    }

    /// The user authenticated the files' policy of `app` (``PasscodeCustody/confirm(_:files:)``).
    public mutating func filePolicyConfirmed(_ app: AppID, files: PolicySet, now: AgentTime) -> [AgentAction] {
        absorb(custody.confirm(app, files: files), now: now)
    }

    // MARK: - Passcodes

    /// The app has a passcode of `kind` (the keyring listed it, a look-up found it, an attempt verified it); a nil
    /// `fingerprint` keeps the one recorded.
    public mutating func passcodeKnown(
        _ app: AppID, kind: PasscodeKind, fingerprint: String? = nil, now: AgentTime
    ) -> [AgentAction] {
        passcodeStored(app, kind: kind, now: now) + absorb(custody.passcodeKnown(app, kind: kind, fingerprint: fingerprint), now: now)
    }

    /// The AppLock passcode is stored with `kind` (``passcodeKnown(_:kind:fingerprint:now:)`` for it).
    public mutating func sharedPasscodeKnown(kind: PasscodeKind, fingerprint: String?, now: AgentTime) -> [AgentAction] {
        sharedPasscodeStored(kind: kind, now: now)
            + absorb(custody.sharedPasscodeKnown(kind: kind, fingerprint: fingerprint), now: now)
    }

    /// SetPasscode stored the app's first passcode: the files' policy is its authenticated one.
    public mutating func firstPasscodeStored(
        _ app: AppID, kind: PasscodeKind, fingerprint: String, files: PolicySet, now: AgentTime
    ) -> [AgentAction] {
        passcodeStored(app, kind: kind, now: now)
            + absorb(custody.firstPasscodeStored(app, kind: kind, fingerprint: fingerprint, files: files), now: now)
    }

    /// SetSharedPasscode stored the AppLock passcode: the app's state and the records learn it.
    public mutating func firstSharedPasscodeStored(kind: PasscodeKind, fingerprint: String, now: AgentTime) -> [AgentAction] {
        firstSharedPasscodeSet(kind: kind, now: now)
            + absorb(custody.sharedPasscodeKnown(kind: kind, fingerprint: fingerprint), now: now)
    }

    /// An attempt verified the app's own passcode (``PasscodeCustody/passcodeVerified(_:derivedKey:claimIsAuthentic:files:)``).
    public mutating func passcodeVerified(
        _ app: AppID, derivedKey: Bool, claimIsAuthentic: Bool?, files: PolicySet, now: AgentTime
    ) -> [AgentAction] {
        absorb(custody.passcodeVerified(app, derivedKey: derivedKey, claimIsAuthentic: claimIsAuthentic, files: files), now: now)
    }

    /// The AppLock passcode gave its sealing key (``PasscodeCustody/sharedPasscodeVerified(authentic:files:)``).
    public mutating func sharedPasscodeVerified(authentic: [AppID: Bool], files: PolicySet, now: AgentTime) -> [AgentAction] {
        absorb(custody.sharedPasscodeVerified(authentic: authentic, files: files), now: now)
    }

    /// The app now uses the AppLock passcode (UseSharedPasscode): its state, then its records and seal.
    public mutating func sharedPasscodeAdopted(_ app: AppID, files: PolicySet, now: AgentTime) throws(ManagerError) -> [AgentAction] {
        let actions = try useSharedPasscode(app, now: now)
        return actions + absorb(custody.usesSharedPasscode(app, files: files), now: now)
    }

    /// The app's own passcode was removed for the AppLock passcode (SwitchToSharedPasscode).
    public mutating func switchedToSharedPasscode(_ app: AppID, now: AgentTime) -> [AgentAction] {
        absorb(custody.switchedToSharedPasscode(app), now: now)
    }

    /// The AppLock passcode was removed (RemoveSharedPasscode, its reset): every app that used it, then the records.
    public mutating func sharedPasscodeForgotten(files: PolicySet, now: AgentTime) -> [AgentAction] {
        sharedPasscodeRemoved(now: now) + absorb(custody.sharedPasscodeForgotten(files: files), now: now)
    }

    /// The passcode of `app` was removed through AppLock (RemovePasscode, ResetPasscode).
    public mutating func passcodeForgotten(_ app: AppID, files: PolicySet, now: AgentTime) -> [AgentAction] {
        absorb(custody.passcodeForgotten(app, files: files), now: now)
    }

    /// The keyring's item of `app` was removed or replaced outside AppLock.
    public mutating func passcodeTampered(_ app: AppID, now: AgentTime) -> [AgentAction] {
        absorb(custody.tampered(app), now: now)
    }

    /// The AppLock passcode's keyring item was removed or replaced outside AppLock.
    public mutating func sharedPasscodeTampered(now: AgentTime) -> [AgentAction] {
        absorb(custody.sharedTampered(), now: now)
    }

    /// The custody's actions as the machine's: the policy it lets apply applies here, in its place among them.
    private mutating func absorb(_ decided: [CustodyAction], now: AgentTime) -> [AgentAction] {
        var actions: [AgentAction] = []
        for action in decided {
            if case .applyPolicies(let policies) = action {
                actions += policiesChanged(policies, now: now)
            } else {
                actions.append(.custody(action))
            }
        }
        return actions
    }
}

extension AgentStateMachine {
    // MARK: - An attempt's end

    /// A passcode attempt's verification came back: the passcode's facts reach the custody (a right passcode is
    /// known again, its seals checked; a tampered item is told), then the attempt ends (``finishAttempt(_:outcome:purpose:now:)``):
    /// one call from the typed passcode to the unlocked app.
    public mutating func attemptFound(
        _ ticket: AttemptTicket, _ finding: AttemptFinding, purpose: AttemptPurpose, files: PolicySet, now: AgentTime
    ) -> AttemptResult {
        let app = ticket.app
        var actions: [AgentAction] = []
        let outcome: AttemptOutcome
        switch finding {
        case .verified(let holder, let kind, let fingerprint, let seal):
            outcome = .verified
            switch holder {
            case .app: actions += passcodeKnown(app, kind: kind, fingerprint: fingerprint, now: now)
            case .shared: actions += sharedPasscodeKnown(kind: kind, fingerprint: fingerprint, now: now)
            }
            switch (holder, seal) {
            case (.shared, .derived(let authentic)):
                actions += sharedPasscodeVerified(authentic: authentic, files: files, now: now)
            case (.shared, .sharedKeyHeld):
                actions += sharedPasscodeVerified(authentic: [:], files: files, now: now)
            case (_, .derived(let authentic)):
                actions += passcodeVerified(app, derivedKey: true, claimIsAuthentic: authentic[app], files: files, now: now)
            case (_, .none), (.app, .sharedKeyHeld):
                actions += passcodeVerified(app, derivedKey: false, claimIsAuthentic: nil, files: files, now: now)
            }
        case .wrong:
            outcome = .wrong
        case .tampered:
            outcome = .passcodeTampered
            actions += ticket.holder == .shared ? sharedPasscodeTampered(now: now) : passcodeTampered(app, now: now)
        case .storeUnavailable:
            outcome = .storeUnavailable
        }
        var result = finishAttempt(ticket, outcome: outcome, purpose: purpose, now: now)
        result.actions = actions + result.actions
        return result
    }
}
