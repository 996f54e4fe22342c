public import AppLockCore
public import AppLockProtocol

/// The AppLock passcode: one passcode many apps use by choice. An app that uses it has it as its passcode
/// (`passcodeKind` is the AppLock passcode's kind), and its failed attempts count in the AppLock passcode's one
/// ledger record, whichever app they were made through.
extension AgentStateMachine {
    /// Checks a new AppLock passcode against SPEC's rules, the user's and the administrator's policy, and the policy
    /// of every app that uses it; the message never holds the passcode.
    public func validateNewSharedPasscode(_ passcode: String, kind: PasscodeKind) throws(ManagerError) {
        do {
            for policy in [policySet.sharedPasscodePolicy] + sharedUsers.sorted().map({ policy(for: $0) }) {
                try PasscodeRules.validate(passcode, kind: kind, policy: policy)
            }
        } catch {
            throw .invalidPasscode(error.description)
        }
    }

    /// The AppLock passcode is stored with `kind` (the records read at startup, SetSharedPasscode,
    /// ChangeSharedPasscode): every app that uses it has that kind. The lock-out ledger is not touched.
    public mutating func sharedPasscodeStored(kind: PasscodeKind, now: AgentTime) -> [AgentAction] {
        var actions: [AgentAction] = []
        if sharedPasscodeKind != kind {
            sharedPasscodeKind = kind
            actions.append(.sharedPasscodeChanged)
        }
        for app in sharedUsers.sorted() where apps[app]?.passcodeKind != kind {
            update(app) { $0.passcodeKind = kind }
            actions.append(.propertiesChanged(app))
        }
        finish(&actions)
        return actions
    }

    /// SetSharedPasscode stored the first AppLock passcode: as ``sharedPasscodeStored(kind:now:)``, with a clean
    /// count (a count left from an AppLock passcode removed before does not carry over).
    public mutating func firstSharedPasscodeSet(kind: PasscodeKind, now: AgentTime) -> [AgentAction] {
        var actions: [AgentAction] = []
        if lockoutLedger.remove(.shared) { actions.append(.persistLedger) }
        return actions + sharedPasscodeStored(kind: kind, now: now)
    }

    /// The apps the records say use the AppLock passcode (at startup, after ``sharedPasscodeStored(kind:now:)``).
    /// Each becomes known, in its launch state, with the AppLock passcode as its passcode.
    public mutating func sharedUsersRestored(_ users: Set<AppID>, now: AgentTime) -> [AgentAction] {
        guard let kind = sharedPasscodeKind else { return [] }
        var actions: [AgentAction] = []
        for app in users.sorted() { actions += startUsingShared(app, kind: kind) }
        finish(&actions)
        return actions
    }

    /// UseSharedPasscode: `app`, which has no passcode of its own, uses the AppLock passcode from now on. Throws,
    /// changing nothing, `noPasscode` when no AppLock passcode is set and `passcodeExists` when the app has its own.
    /// An app that uses it already changes nothing. A registered app keeps its state (as after SetPasscode); one
    /// not registered becomes known, locked for its launch.
    public mutating func useSharedPasscode(_ app: AppID, now: AgentTime) throws(ManagerError) -> [AgentAction] {
        guard let kind = sharedPasscodeKind else { throw .noPasscode }
        if sharedUsers.contains(app) { return [] }
        if apps[app]?.hasPasscode == true { throw .passcodeExists }
        var actions: [AgentAction] = []
        if lockoutLedger.remove(.app(app)) { actions.append(.persistLedger) }
        if missedAttempts.remove(app) { actions.append(.persistMissedAttempts) }
        actions += startUsingShared(app, kind: kind)
        finish(&actions)
        return actions
    }

    /// Starts SwitchToSharedPasscode's attempt on the app's own passcode (as ``beginAttempt(_:now:)``, counted in the
    /// app's own ledger). Throws, changing nothing, `noPasscode` when no AppLock passcode is set or `app` has no passcode
    /// of its own (none, or it uses the AppLock passcode already).
    public mutating func beginSwitchToShared(_ app: AppID, now: AgentTime) throws(ManagerError) -> AttemptTicket {
        guard sharedPasscodeKind != nil, apps[app]?.hasPasscode == true, holder(of: app) == .app(app) else {
            throw .noPasscode
        }
        return try beginAttempt(app, now: now)
    }

    /// SwitchToSharedPasscode verified the app's own passcode: in one step the app uses the AppLock passcode instead,
    /// so it is never without a passcode in between. It keeps its state (a locked app stays locked, now for the AppLock
    /// passcode) and its missed attempts; the count of its own passcode is dropped. When the AppLock passcode was
    /// removed while the app's passcode was verified, the switch comes first: the app is then without a passcode, as
    /// every app that used it.
    mutating func switchedToShared(_ app: AppID, now: AgentTime, _ actions: inout [AgentAction]) -> AttemptAnswer {
        guard let kind = sharedPasscodeKind else {
            actions += passcodeRemoved(app, now: now)
            return .verified
        }
        if lockoutLedger.remove(.app(app)) { actions.append(.persistLedger) }
        actions += startUsingShared(app, kind: kind)
        return .verified
    }

    /// The AppLock passcode is gone (RemoveSharedPasscode, ResetSharedPasscode): every app that used it is without a
    /// passcode (as after RemovePasscode), and its count is forgotten.
    public mutating func sharedPasscodeRemoved(now: AgentTime) -> [AgentAction] {
        guard sharedPasscodeKind != nil else { return [] }
        var actions: [AgentAction] = []
        for app in sharedUsers.sorted() { actions += passcodeRemoved(app, now: now) }
        sharedPasscodeKind = nil
        actions.append(.sharedPasscodeChanged)
        if lockoutLedger.remove(.shared) { actions.append(.persistLedger) }
        finish(&actions)
        return actions
    }

    /// The reasons a session event locks an app with: after one of them, an app with `UnlockTogether` unlocks when
    /// another app is unlocked with the AppLock passcode.
    static let sessionLockReasons: Set<LockReason> = [.sessionLock, .screensaver, .suspend, .shutdown, .idle, .sessionSwitch]

    /// `app` was unlocked with the AppLock passcode: every other app that uses it, has `UnlockTogether` on and is
    /// locked for a session reason unlocks too (reason `unlock`; obscured while other causes remain). An app locked by
    /// hand, at its launch or in the background, or with an attempt of its own being verified, stays locked.
    mutating func unlockTogether(with app: AppID, _ actions: inout [AgentAction]) {
        for other in sharedUsers.sorted() where other != app {
            guard let e = apps[other], e.policy.unlockTogether, e.state == .locked,
                  Self.sessionLockReasons.contains(e.reason), e.causes.isDisjoint(with: [.manual, .background]),
                  attemptsInFlight[other] == nil
            else { continue }
            authenticatedUnlock(other, source: Self.unlockTogetherSource, &actions)
            reportMissedAttempts(other, &actions)
        }
    }

    /// The source the log names for an app unlocked together with another.
    static let unlockTogetherSource = "UnlockTogether"

    private mutating func startUsingShared(_ app: AppID, kind: PasscodeKind) -> [AgentAction] {
        sharedUsers.insert(app)
        if apps[app] != nil {
            update(app) { $0.passcodeKind = kind }
            return [.propertiesChanged(app)]
        }
        apps[app] = AppEntry(state: .unlocked, reason: .launch, owner: nil, passcodeKind: kind,
                             policy: policySet.effectivePolicy(for: app))
        resetToLaunch(app)
        return [.appAdded(app)]
    }
}

/// An attempt on the AppLock passcode itself (ChangeSharedPasscode, RemoveSharedPasscode), made through no app: it
/// counts in the AppLock passcode's one ledger record, as an attempt through any app that uses it does.
extension AgentStateMachine {
    /// Starts an attempt on the AppLock passcode itself. Throws, changing nothing, `noPasscode` when none is set,
    /// `lockedOut` while its lock-out runs, and `attemptInProgress` while another attempt on it is verified.
    public mutating func beginSharedAttempt(now: AgentTime) throws(ManagerError) -> SharedAttemptTicket {
        guard sharedPasscodeKind != nil else { throw .noPasscode }
        if case .lockedOut(_, let seconds) = lockoutLedger.check(.shared, now: now.wall) { throw .lockedOut(seconds: seconds) }
        guard !sharedAttemptInFlight else { throw .attemptInProgress }
        if attemptsInFlight.values.contains(where: { $0.holder == .shared }) { throw .attemptInProgress }
        sharedAttemptInFlight = true
        return SharedAttemptTicket()
    }

    /// Counts the attempt as failed before it is verified and asks for the ledger to be saved (as
    /// ``countAttemptInAdvance(_:now:)``); returns the record before it, for ``finishSharedAttempt(_:outcome:counted:now:)``.
    public mutating func countSharedAttemptInAdvance(_ ticket: SharedAttemptTicket, now: AgentTime)
        -> (actions: [AgentAction], counted: CountedSharedFailure)
    {
        let previous = lockoutLedger[.shared]
        let outcome = lockoutLedger.recordFailure(.shared, policy: ledgerPolicy(.shared), now: now.wall)
        var actions: [AgentAction] = [.persistLedger]
        finish(&actions)
        return (actions, CountedSharedFailure(outcome: outcome, previous: previous))
    }

    /// Ends the attempt with what verification found: a wrong passcode keeps the failure counted in advance (every
    /// app that uses the AppLock passcode reads it), a right one clears the count, and one that could not be checked
    /// takes it back.
    public mutating func finishSharedAttempt(
        _ ticket: SharedAttemptTicket, outcome: AttemptOutcome, counted: CountedSharedFailure, now: AgentTime
    ) -> AttemptResult {
        sharedAttemptInFlight = false
        var actions: [AgentAction] = []
        let answer: AttemptAnswer
        let users = apps(countedBy: .shared)
        switch outcome {
        case .storeUnavailable, .passcodeTampered:
            lockoutLedger.restore(.shared, to: counted.previous)
            actions.append(.persistLedger)
            answer = outcome == .storeUnavailable ? .storeUnavailable : .passcodeTampered
        case .wrong:
            switch counted.outcome {
            case .wrongPasscode(let left): answer = .wrongPasscode(attemptsLeft: left)
            case .lockedOut(_, let seconds): answer = .lockedOut(seconds: seconds)
            }
            actions.append(.persistLedger)
            actions += users.map { .propertiesChanged($0) }
        case .verified:
            if lockoutLedger.recordSuccess(.shared) { actions.append(.persistLedger) }
            actions += users.map { .propertiesChanged($0) }
            answer = sharedPasscodeKind == nil ? .noPasscode : .verified
        }
        finish(&actions)
        return AttemptResult(actions: actions, answer: answer)
    }
}

/// An attempt on the AppLock passcode itself in flight, handed out by `AgentStateMachine.beginSharedAttempt`.
public struct SharedAttemptTicket: Equatable, Sendable {}

/// The failure an attempt on the AppLock passcode itself counted in advance, and the record before it.
public struct CountedSharedFailure: Equatable, Sendable {
    let outcome: FailureOutcome
    let previous: LockoutRecord?
}
