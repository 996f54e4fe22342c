public import AppLockCore
public import AppLockProtocol

extension AgentStateMachine {
    /// A passcode of its own is stored for `app` (startup enumeration, or after SetPasscode/ChangePasscode); an app
    /// that used the AppLock passcode no longer does. An app that was not known becomes known, in its launch state.
    /// The lock-out ledger is not touched.
    public mutating func passcodeStored(_ app: AppID, kind: PasscodeKind, now: AgentTime) -> [AgentAction] {
        var actions: [AgentAction] = []
        if sharedUsers.remove(app) != nil { actions.append(.propertiesChanged(app)) }
        if let e = apps[app] {
            if e.passcodeKind != kind {
                update(app) { $0.passcodeKind = kind }
                actions.append(.propertiesChanged(app))
            }
        } else {
            apps[app] = AppEntry(state: .unlocked, reason: .launch, owner: nil, passcodeKind: kind,
                                 policy: policySet.effectivePolicy(for: app))
            resetToLaunch(app)
            actions.append(.appAdded(app))
        }
        finish(&actions)
        return actions
    }

    /// SetPasscode stored the first passcode of `app` (the store had none). As ``passcodeStored(_:kind:now:)``,
    /// and the app starts with a clean count: a count kept for an app without a passcode, or the damaged-ledger
    /// fallback, does not carry over to a passcode that did not exist when it was counted.
    public mutating func firstPasscodeSet(_ app: AppID, kind: PasscodeKind, now: AgentTime) -> [AgentAction] {
        var actions: [AgentAction] = []
        if lockoutLedger.remove(.app(app)) { actions.append(.persistLedger) }
        forgetMissedAttempts(app, &actions)
        return actions + passcodeStored(app, kind: kind, now: now)
    }

    /// The passcode of `app` is gone (after RemovePasscode or ResetPasscode; for an app that used the AppLock
    /// passcode, it no longer does). The failure count of its own passcode is forgotten (the AppLock passcode's
    /// stays, shared with the other apps); a locked, registered app unlocks (or stays obscured while obscure causes
    /// remain); an unregistered app is removed.
    public mutating func passcodeRemoved(_ app: AppID, now: AgentTime) -> [AgentAction] {
        var actions: [AgentAction] = []
        guard let e = apps[app], e.hasPasscode else { return actions }
        update(app) { $0.passcodeKind = nil }
        if sharedUsers.remove(app) == nil && lockoutLedger.remove(.app(app)) { actions.append(.persistLedger) }
        forgetMissedAttempts(app, &actions)
        if e.owner == nil && attemptsInFlight[app] == nil {
            removeApp(app)
            actions.append(.appRemoved(app))
        } else {
            actions.append(.propertiesChanged(app))
            if e.state == .locked {
                authenticatedUnlock(app, source: ManagerMethod.removePasscode.name, &actions)
            } else {
                update(app) { $0.causes.remove(.manual) }
            }
        }
        finish(&actions)
        return actions
    }

    /// New policy files were loaded. Apps whose effective policy changed get `.propertiesChanged`; pending
    /// deadlines follow the new values; inhibitors the new policy forbids are dropped.
    public mutating func policiesChanged(_ policies: PolicySet, now: AgentTime) -> [AgentAction] {
        policySet = policies
        var actions: [AgentAction] = []
        for app in knownApps {
            let p = policies.effectivePolicy(for: app)
            guard let e = apps[app], p != e.policy else { continue }
            update(app) { $0.policy = p }
            actions.append(.propertiesChanged(app))
            if p.lockOnScreenShare != e.policy.lockOnScreenShare { screenShareRuleChanged(app, &actions) }
            if !p.allowInhibit && e.inhibited {
                for cookie in e.inhibitorCookies.sorted() { dropInhibitor(cookie) }
                releasedLastInhibitor(app, now: now, source: "policy", &actions)
            }
        }
        expireDeadlines(now: now, &actions)
        finish(&actions)
        return actions
    }

    /// Replaces the lock-out ledger (read from disk at startup). The returned actions re-read the known apps
    /// and arm the timer for pending lock-outs; the timer is announced again by the next input too, so a
    /// caller that discards them at startup (before any app is known) loses nothing.
    @discardableResult
    public mutating func restoreLedger(_ ledger: LockoutLedger) -> [AgentAction] {
        lockoutLedger = ledger
        var actions: [AgentAction] = knownApps.map { .propertiesChanged($0) }
        let end = nextLockoutEnd
        if end != announcedLockoutEnd {
            actions.append(.rescheduleLockoutTimer(end))
            // Deliberately not recorded as announced: the next input announces it again.
        }
        return actions
    }

    /// Replaces the record of missed attempts (read from disk at startup).
    public mutating func restoreMissedAttempts(_ log: MissedAttemptLog) {
        missedAttempts = log
    }

    /// Records a failed unlock of `app` when it is locked: someone at the keyboard who is not its user may have
    /// tried; the next successful unlock tells.
    mutating func recordMissedAttempt(_ app: AppID, _ attempt: MissedAttempt, _ actions: inout [AgentAction]) {
        guard apps[app]?.state == .locked else { return }
        missedAttempts.recordFailure(app, attempt)
        actions.append(.persistMissedAttempts)
    }

    /// `app` was unlocked: the attempts it missed are reported once and cleared.
    mutating func reportMissedAttempts(_ app: AppID, _ actions: inout [AgentAction]) {
        guard let record = missedAttempts.takeReport(app) else { return }
        actions.append(.missedAttemptsReported(app, record))
        actions.append(.persistMissedAttempts)
    }

    private mutating func forgetMissedAttempts(_ app: AppID, _ actions: inout [AgentAction]) {
        if missedAttempts.remove(app) { actions.append(.persistMissedAttempts) }
    }

    /// Starts a passcode attempt (Unlock, ChangePasscode, RemovePasscode) for `app`. Throws, changing
    /// nothing, when the app is unknown, has no passcode, is locked out, or already has an attempt in flight
    /// (queue the call and retry when that one finishes).
    public mutating func beginAttempt(_ app: AppID, now: AgentTime) throws(ManagerError) -> AttemptTicket {
        let e = try entry(app)
        guard e.hasPasscode else { throw .noPasscode }
        let holder = holder(of: app)
        if case .lockedOut(_, let seconds) = lockoutLedger.check(holder, now: now.wall) { throw .lockedOut(seconds: seconds) }
        guard attemptsInFlight[app] == nil else { throw .attemptInProgress }
        // One attempt at a time on the AppLock passcode, whichever app it is made through: each counts in its one
        // record.
        let sharedBusy = sharedAttemptInFlight || attemptsInFlight.values.contains { $0.holder == .shared }
        if holder == .shared && sharedBusy {
            throw .attemptInProgress
        }
        let serial = nextAttemptSerial
        nextAttemptSerial &+= 1
        attemptsInFlight[app] = AttemptInFlight(serial: serial, holder: holder)
        return AttemptTicket(app: app, holder: holder, epoch: e.lockEpoch, serial: serial)
    }

    /// Counts the attempt of `ticket` as failed before it is verified and asks for the ledger to be saved, so that
    /// killing the agent during verification cannot take a failure back. ``finishAttempt(_:outcome:purpose:now:)``
    /// keeps it for a wrong passcode, clears it for a right one, and takes it back when nothing was verified.
    public mutating func countAttemptInAdvance(_ ticket: AttemptTicket, now: AgentTime) -> [AgentAction] {
        let app = ticket.app
        guard apps[app] != nil, let attempt = attemptsInFlight[app], attempt.serial == ticket.serial,
              attempt.countedInAdvance == nil else { return [] }
        let previous = lockoutLedger[attempt.holder]
        let outcome = lockoutLedger.recordFailure(attempt.holder, policy: ledgerPolicy(attempt.holder), now: now.wall)
        attemptsInFlight[app]?.countedInAdvance = CountedFailure(outcome: outcome, previous: previous)
        var actions: [AgentAction] = [.persistLedger]
        finish(&actions)
        return actions
    }

    /// Ends the attempt of `ticket` with what verification found. A wrong passcode counts a failure (and may
    /// start a lock-out); a right one resets the count; a lock that arrived meanwhile wins over an Unlock.
    public mutating func finishAttempt(_ ticket: AttemptTicket, outcome: AttemptOutcome, purpose: AttemptPurpose,
                                       now: AgentTime) -> AttemptResult {
        let app = ticket.app
        guard let e = apps[app], let attempt = attemptsInFlight[app], attempt.serial == ticket.serial else {
            return AttemptResult(actions: [], answer: .noPasscode)
        }
        attemptsInFlight[app] = nil
        var actions: [AgentAction] = []
        let answer: AttemptAnswer
        func takeBackCountedFailure() {
            guard let counted = attempt.countedInAdvance else { return }
            lockoutLedger.restore(attempt.holder, to: counted.previous)
            actions.append(.persistLedger)
        }
        switch outcome {
        case .storeUnavailable:
            takeBackCountedFailure()
            answer = .storeUnavailable
        case .passcodeTampered:
            takeBackCountedFailure()
            answer = .passcodeTampered
        case .wrong:
            let failure = attempt.countedInAdvance?.outcome
                ?? lockoutLedger.recordFailure(attempt.holder, policy: ledgerPolicy(attempt.holder), now: now.wall)
            switch failure {
            case .wrongPasscode(let left): answer = .wrongPasscode(attemptsLeft: left)
            case .lockedOut(_, let seconds): answer = .lockedOut(seconds: seconds)
            }
            actions.append(.persistLedger)
            recordMissedAttempt(app, MissedAttempt(time: now.wall, passcodeFailure: failure), &actions)
            actions += apps(countedBy: attempt.holder).map { .propertiesChanged($0) }
        case .verified:
            if lockoutLedger.recordSuccess(attempt.holder) {
                actions.append(.persistLedger)
                actions += apps(countedBy: attempt.holder).map { .propertiesChanged($0) }
            }
            if !e.hasPasscode {
                answer = .noPasscode
            } else if purpose == .switchToShared {
                answer = switchedToShared(app, now: now, &actions)
            } else if purpose != .unlock {
                answer = .verified
            } else if e.lockEpoch != ticket.epoch {
                answer = .verifiedButRelocked
            } else {
                authenticatedUnlock(app, source: ManagerMethod.unlock.name, &actions)
                reportMissedAttempts(app, &actions)
                if attempt.holder == .shared { unlockTogether(with: app, &actions) }
                answer = .unlocked
            }
        }
        if let entry = apps[app], !entry.hasPasscode && entry.owner == nil {
            removeApp(app)
            actions.append(.appRemoved(app))
        }
        finish(&actions)
        return AttemptResult(actions: actions, answer: answer)
    }
}
