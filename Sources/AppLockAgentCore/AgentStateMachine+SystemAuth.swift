public import AppLockCore
public import AppLockProtocol

extension AgentStateMachine {
    /// Starts a system authentication (`UnlockWithSystemAuthentication`, `ResetPasscode` or
    /// `ConfirmPolicyWithSystemAuthentication`) of `app` for the connection `caller`. Throws, changing nothing, when
    /// the app is unknown or has no passcode, when its policy forbids the purpose (`NotAuthorized`: an unlock or a
    /// policy confirmation when `AllowSystemAuthentication` is false, so that system authentication never stands in
    /// for a passcode the policy requires), when it is locked out and the administrator's
    /// `LockoutBlocksSystemAuthentication` says a lock-out stops system authentication too (`LockedOut`), or when
    /// a check for the app is already waiting for polkit (`AttemptInProgress`). Counts nothing. A reset of the AppLock
    /// passcode acts on no app: it is ``beginSharedPasscodeReset(caller:now:)``'s.
    public mutating func beginSystemAuthentication(
        _ app: AppID, purpose: SystemAuthPurpose, caller: String, now: AgentTime
    ) throws(ManagerError) -> SystemAuthTicket {
        if purpose == .resetSharedPasscode { return try beginSharedPasscodeReset(caller: caller, now: now) }
        let e = try entry(app)
        guard e.hasPasscode else { throw .noPasscode }
        switch purpose {
        case .unlock where !e.policy.allowSystemAuthentication, .confirmPolicy where !e.policy.allowSystemAuthentication:
            throw .notAuthorized("the policy does not allow system authentication for \(app)")
        case .resetPasscode where !e.policy.allowPasscodeReset:
            throw .notAuthorized("the policy does not allow resetting the passcode of \(app)")
        default:
            break
        }
        if e.policy.lockoutBlocksSystemAuthentication,
           case .lockedOut(_, let seconds) = lockoutLedger.check(holder(of: app), now: now.wall) {
            throw .lockedOut(seconds: seconds)
        }
        guard !pendingSystemAuth.values.contains(where: { $0.app == app }) else { throw .attemptInProgress }
        let id = nextAttemptSerial
        nextAttemptSerial &+= 1
        let ticket = SystemAuthTicket(id: id, app: app, purpose: purpose, caller: caller, epoch: e.lockEpoch)
        pendingSystemAuth[id] = ticket
        return ticket
    }

    /// Ends the system authentication of `ticket` with polkit's answer. Authorized: an unlock unlocks the app
    /// (reason `unlock`; it stays obscured while obscure causes remain); a reset answers success, and the caller
    /// then removes the passcode and reports it with `passcodeRemoved`; a policy confirmation answers success, and
    /// the caller then applies the held policy. Not authorized or unavailable: a named
    /// error and nothing changes — no failed attempt is counted in the lock-out ledger; a refused unlock of a locked app
    /// is recorded among its missed attempts. A ticket that was cancelled meanwhile (a lock
    /// arrived, the caller left) answers `Interrupted` and changes nothing.
    public mutating func finishSystemAuthentication(
        _ ticket: SystemAuthTicket, outcome: SystemAuthOutcome, now: AgentTime
    ) -> SystemAuthResult {
        guard pendingSystemAuth.removeValue(forKey: ticket.id) != nil else {
            return SystemAuthResult(actions: [], error: .interrupted)
        }
        var actions: [AgentAction] = []
        let error: ManagerError?
        switch outcome {
        case .notAuthorized(let why):
            if let app = ticket.app {
                recordMissedAttempt(app, MissedAttempt(time: now.wall, method: .systemAuthentication, outcome: .notAuthorized),
                                    &actions)
            }
            error = .notAuthorized(why)
        case .unavailable(let why):
            error = .systemAuthUnavailable(why)
        case .authorized:
            if ticket.app == nil {
                // ResetSharedPasscode: the caller then removes it and reports it with `sharedPasscodeRemoved`.
                error = sharedPasscodeKind == nil ? .noPasscode : nil
            } else if let app = ticket.app, let e = apps[app], e.hasPasscode {
                if e.lockEpoch != ticket.epoch {
                    error = .interrupted
                } else {
                    if ticket.purpose == .unlock {
                        authenticatedUnlock(app, source: ManagerMethod.unlockWithSystemAuthentication.name, &actions)
                        reportMissedAttempts(app, &actions)
                    }
                    error = nil
                }
            } else {
                error = .noPasscode
            }
        }
        finish(&actions)
        return SystemAuthResult(actions: actions, error: error)
    }

    /// Starts `ResetSharedPasscode`'s system authentication for the connection `caller`. Throws, changing nothing,
    /// `noPasscode` when no AppLock passcode is set; `notAuthorized` when the user's or the administrator's policy, or
    /// the policy of an app that uses it, has `AllowPasscodeReset` false (its limits are the strictest of those);
    /// `lockedOut` while its lock-out runs and one of those policies has `LockoutBlocksSystemAuthentication`; and
    /// `attemptInProgress` while another reset of it waits for polkit. Counts nothing.
    public mutating func beginSharedPasscodeReset(caller: String, now: AgentTime) throws(ManagerError) -> SystemAuthTicket {
        guard sharedPasscodeKind != nil else { throw .noPasscode }
        let policies = [policySet.sharedPasscodePolicy] + sharedUsers.sorted().map { policy(for: $0) }
        if policies.contains(where: { !$0.allowPasscodeReset }) {
            throw .notAuthorized("the policy does not allow resetting the AppLock passcode")
        }
        if policies.contains(where: \.lockoutBlocksSystemAuthentication),
           case .lockedOut(_, let seconds) = lockoutLedger.check(.shared, now: now.wall) {
            throw .lockedOut(seconds: seconds)
        }
        guard !pendingSystemAuth.values.contains(where: { $0.purpose == .resetSharedPasscode }) else { throw .attemptInProgress }
        let id = nextAttemptSerial
        nextAttemptSerial &+= 1
        let ticket = SystemAuthTicket(id: id, app: nil, purpose: .resetSharedPasscode, caller: caller, epoch: 0)
        pendingSystemAuth[id] = ticket
        return ticket
    }

    /// The system authentications still waiting for polkit.
    public var pendingSystemAuthentications: [SystemAuthTicket] {
        pendingSystemAuth.values.sorted { $0.id < $1.id }
    }

    /// Cancels every check whose app was locked (or obscured, or forgotten) since it began: a lock wins.
    mutating func cancelOutdatedSystemAuthentications(_ actions: inout [AgentAction]) {
        guard !pendingSystemAuth.isEmpty else { return }
        for ticket in pendingSystemAuthentications {
            guard let app = ticket.app, apps[app]?.lockEpoch != ticket.epoch else { continue }
            pendingSystemAuth[ticket.id] = nil
            actions.append(.cancelSystemAuthentication(ticket))
        }
    }

    /// Cancels every check the connection `caller` asked for (it left the bus).
    mutating func cancelSystemAuthentications(of caller: String, _ actions: inout [AgentAction]) {
        guard !pendingSystemAuth.isEmpty else { return }
        for ticket in pendingSystemAuthentications where ticket.caller == caller {
            pendingSystemAuth[ticket.id] = nil
            actions.append(.cancelSystemAuthentication(ticket))
        }
    }
}
