import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import DBusKit
import SodiumHasher
import SystemKit

/// The passcode methods. Each is admitted first (``PasscodeAdmissions``: a bounded number per app, per connection
/// and in all, before any secret memory is taken), then runs in its app's queue (one at a time per app):
/// the cheap checks and the lock-out check happen on the loop, the Secret
/// Service and Argon2id work on a worker, and the result comes back to the
/// loop, where the core applies it — unless a lock arrived meanwhile, which wins.
extension Agent {
    func unlock(_ call: MethodInvocation) {
        guard let app = appArgument(call), !refusedByShape(call, app, 1), admit(call, app),
              let passcode = secret(call, app, 1) else { return }
        attempt(call, app, purpose: .unlock) { worker, holder, recorded, sealing in
            worker.verify(holder, passcode, recorded: recorded, sealing: sealing)
        } then: { _ in [] }
    }

    func changePasscode(_ call: MethodInvocation) {
        guard let app = appArgument(call) else { return }
        guard let kind = kindArgument(call, 3) else { return }
        do {
            try machine.validateNewPasscode(call.string(2), kind: kind, for: app)
        } catch {
            return call.fail(error.dbusError)
        }
        guard !refusedByShape(call, app, 1), admit(call, app), let old = secret(call, app, 1),
              let new = secret(call, app, 2) else { return }
        // The AppLock passcode as `old` gives the app a passcode of its own: only ChangeSharedPasscode changes the
        // AppLock passcode.
        attempt(call, app, purpose: .change) { worker, holder, recorded, sealing in
            let verification = worker.verify(holder, old, recorded: recorded, sealing: sealing)
            guard case .verified(_, _, _, let finding) = verification else { return verification }
            // The new passcode's key seals from now on; it is made before the new hash is stored, so that a failure
            // changes nothing.
            guard let key = worker.newSealingKey(new) else { return .unavailable("hashing failed: out of memory") }
            switch worker.save(.app(app), new, kind: kind) {
            case .success(let fingerprint):
                return .verified(holder: .app(app), kind: kind, fingerprint: fingerprint,
                                 sealing: SealFinding(key: key, authentic: finding?.authentic ?? [:]))
            case .failure(let failure): return .unavailable(PasscodeWorker.reason(failure))
            }
        } then: { _ in [] }
    }

    func removePasscode(_ call: MethodInvocation) {
        guard let app = appArgument(call), !refusedByShape(call, app, 1), admit(call, app),
              let passcode = secret(call, app, 1) else { return }
        // The AppLock passcode only stops protecting this app: its item stays for the others.
        attempt(call, app, purpose: .remove) { worker, holder, recorded, _ in
            let verification = worker.verify(holder, passcode, recorded: recorded, sealing: nil)
            guard case .verified = verification, case .app = holder else { return verification }
            if let failure = worker.remove(holder) {
                return .unavailable(PasscodeWorker.reason(failure))
            }
            return verification
        } then: { [unowned self] now in
            passcodeForgotten(app)
            return machine.passcodeRemoved(app, now: now)
        }
    }

    /// SwitchToSharedPasscode: the app's own passcode, proven (a wrong one counts in its own lock-out), gives way to the
    /// AppLock passcode in one step of the core (`AgentStateMachine.beginSwitchToShared`, `switchedToShared`): the app is
    /// never without a passcode in between. The own item is removed on the worker before the core switches; a failure
    /// there changes nothing, and an agent killed in between finds the item gone and keeps the app locked.
    func switchToSharedPasscode(_ call: MethodInvocation) {
        guard let app = appArgument(call), !refusedByShape(call, app, 1), admit(call, app),
              let passcode = secret(call, app, 1) else { return }
        attempt(call, app, purpose: .switchToShared) { worker, holder, recorded, sealing in
            let verification = worker.verify(holder, passcode, recorded: recorded, sealing: sealing)
            guard case .verified = verification else { return verification }
            if let failure = worker.remove(holder) { return .unavailable(PasscodeWorker.reason(failure)) }
            return verification
        } then: { [unowned self] _ in
            if machine.snapshot(of: app)?.hasPasscode == true {
                perform(machine.switchedToSharedPasscode(app, now: now()), source: ManagerMethod.switchToSharedPasscode.name)
                logger.info("app switched from its own passcode to the AppLock passcode", metadata: ["app": "\(app)"])
            } else {
                // The AppLock passcode was removed meanwhile: the app is without a passcode, as every app that used it.
                passcodeForgotten(app)
            }
            return []
        }
    }

    /// ConfirmPolicy: the app's passcode authenticates the weakenings of its policy the agent holds; the files'
    /// policy, read again now, becomes the authenticated one and applies.
    func confirmPolicy(_ call: MethodInvocation) {
        guard let app = appArgument(call), !refusedByShape(call, app, 1), admit(call, app),
              let passcode = secret(call, app, 1) else { return }
        attempt(call, app, purpose: .confirmPolicy) { worker, holder, recorded, sealing in
            worker.verify(holder, passcode, recorded: recorded, sealing: sealing)
        } then: { [unowned self] _ in
            confirmFilePolicy(of: app)
            return []
        }
    }

    func setPasscode(_ call: MethodInvocation) {
        guard let app = appArgument(call) else { return }
        guard let kind = kindArgument(call, 2) else { return }
        do {
            try machine.validateNewPasscode(call.string(1), kind: kind, for: app)
        } catch {
            return call.fail(error.dbusError)
        }
        guard admit(call, app), let passcode = secret(call, app, 1) else { return }
        let callOnLoop = LoopBound(call, loop: loop)
        enqueuePasscodeOperation(.app(app), admittedFrom: call.sender, for: app) { [unowned self] done in
            do throws(ManagerError) {
                try machine.checkHasNoPasscode(app)
            } catch {
                call.fail(error.dbusError)
                return done()
            }
            let agent = LoopBound(self, loop: loop)
            let finished = LoopBound(done, loop: loop)
            passcodes.submit { [passcodes, loop] in
                let outcome: Result<(fingerprint: String, key: SealingKey), ManagerError>
                switch passcodes.storedKind(.app(app)) {
                case .failure(let error): outcome = .failure(.storeUnavailable(PasscodeWorker.reason(error)))
                case .success(.some): outcome = .failure(.passcodeExists)
                case .success(nil):
                    // The key that seals the app's authenticated policy is made before the hash is stored, so that a
                    // failure stores nothing.
                    if let key = passcodes.newSealingKey(passcode) {
                        outcome = passcodes.save(.app(app), passcode, kind: kind)
                            .map { (fingerprint: $0, key: key) }
                            .mapError { .storeUnavailable(PasscodeWorker.reason($0)) }
                    } else {
                        outcome = .failure(.storeUnavailable("hashing failed: out of memory"))
                    }
                }
                loop.post {
                    let agent = agent.value
                    switch outcome {
                    case .success(let (fingerprint, key)):
                        agent.perform(agent.machine.firstPasscodeSet(app, kind: kind, now: agent.now()), source: ManagerMethod.setPasscode.name)
                        agent.firstPasscodeStored(app, kind: kind, fingerprint: fingerprint, key: key)
                        agent.logger.info("passcode set", metadata: ["app": "\(app)", "kind": "\(kind.rawValue)"])
                        callOnLoop.value.reply()
                    case .failure(let error):
                        if case .passcodeExists = error {
                            agent.passcodeKnown(app, kind: kind, source: ManagerMethod.setPasscode.name)
                        }
                        callOnLoop.value.fail(error.dbusError)
                    }
                    finished.value()
                }
            }
        }
    }

    // MARK: - The shared attempt flow

    /// Checks the lock-out on the loop, verifies on a worker, and applies the
    /// result on the loop; `then` runs after a verified attempt (the new passcode
    /// is stored, or the old removed) and returns the core's further actions.
    private func attempt(
        _ call: MethodInvocation, _ app: AppID, purpose: AttemptPurpose,
        work: @escaping @Sendable (PasscodeWorker, PasscodeHolder, PasscodeRecords.Record?, SealingRequest?)
            -> PasscodeWorker.Verification,
        then: @escaping (AgentTime) -> [AgentAction]
    ) {
        let callOnLoop = LoopBound(call, loop: loop)
        let thenOnLoop = LoopBound(then, loop: loop)
        enqueuePasscodeOperation(machine.holder(of: app), admittedFrom: call.sender, for: app) { [unowned self] done in
            let ticket: AttemptTicket
            do throws(ManagerError) {
                ticket = purpose == .switchToShared
                    ? try machine.beginSwitchToShared(app, now: now()) : try machine.beginAttempt(app, now: now())
            } catch {
                call.fail(error.dbusError)
                return done()
            }
            let agent = LoopBound(self, loop: loop)
            let finished = LoopBound(done, loop: loop)
            let holder = ticket.holder
            let recorded = holder == .shared ? machine.custody.records.shared : machine.custody.records.records[app]
            // Until the passcode gave its sealing key in this run, the attempt derives it and checks the seals it
            // protects (for the AppLock passcode, those of every app that uses it).
            let checks = machine.custody.sealChecks(for: holder)
            let sealing = checks.isEmpty ? nil : SealingRequest(claims: checks.map { ($0, machine.custody.sealedOnDisk[$0]) })
            // The attempt counts as failed on disk before any verification starts: killing the agent meanwhile
            // cannot take it back. A right passcode clears it; one that cannot be checked puts the count back.
            perform(machine.countAttemptInAdvance(ticket, now: now()), source: "\(purpose)")
            stateFiles.ledgerWriter.afterWrites(on: loop) { [passcodes, loop] in
                passcodes.submit {
                    let verification = work(passcodes, holder, recorded, sealing)
                    loop.post {
                        agent.value.finishAttempt(ticket, app, purpose, verification, callOnLoop.value, thenOnLoop.value)
                        finished.value()
                    }
                }
            }
        }
    }

    private func finishAttempt(
        _ ticket: AttemptTicket, _ app: AppID, _ purpose: AttemptPurpose,
        _ verification: PasscodeWorker.Verification, _ call: MethodInvocation,
        _ then: (AgentTime) -> [AgentAction]
    ) {
        let now = now()
        let finding: AttemptFinding
        switch verification {
        case .verified(let holder, let kind, let fingerprint, let sealing):
            finding = .verified(holder: holder, kind: kind, fingerprint: fingerprint,
                                seal: keepSealingKey(sealing, of: holder, for: app))
        case .wrong: finding = .wrong
        case .tampered:
            finding = .tampered
            logTampered(ticket.holder, app)
        case .unavailable(let why):
            logger.error("Secret Service unavailable; nothing unlocked", metadata: ["app": "\(app)", "error": "\(why)"])
            finding = .storeUnavailable
        }
        let result = machine.attemptFound(ticket, finding, purpose: purpose, files: filePolicies, now: now)
        perform(result.actions, source: "\(purpose)")
        switch result.answer {
        case .unlocked, .verified:
            perform(then(now), source: "\(purpose)")
            call.reply()
        case .verifiedButRelocked:
            perform(then(now), source: "\(purpose)")
            call.fail(ManagerError.interrupted.dbusError)
        case .wrongPasscode(let left):
            logger.notice("wrong passcode", metadata: ["app": "\(app)", "attempts-left": "\(left)"])
            failOnceCounted(call, ManagerError.wrongPasscode(attemptsLeft: left).dbusError)
        case .lockedOut(let seconds):
            logger.notice("locked out", metadata: ["app": "\(app)", "seconds": "\(seconds)"])
            failOnceCounted(call, ManagerError.lockedOut(seconds: seconds).dbusError)
        case .noPasscode:
            call.fail(ManagerError.noPasscode.dbusError)
        case .passcodeTampered:
            call.fail(ManagerError.passcodeTampered.dbusError)
        case .storeUnavailable:
            guard case .unavailable(let why) = verification else { return call.fail(ManagerError.storeUnavailable("unknown").dbusError) }
            call.fail(ManagerError.storeUnavailable(why).dbusError)
        }
    }

    /// Answers a failed attempt only once the ledger that counts it, and the record of missed attempts, are on
    /// disk, so that killing the agent right after an answer cannot take the failure back; the loop serves others
    /// meanwhile.
    private func failOnceCounted(_ call: MethodInvocation, _ error: DBusError) {
        let callOnLoop = LoopBound(call, loop: loop)
        stateFiles.ledgerWriter.afterWrites(on: loop) { [missedAttemptWriter = stateFiles.missedAttemptWriter, loop] in
            missedAttemptWriter.afterWrites(on: loop) { callOnLoop.value.fail(error) }
        }
    }

    /// Queues `operation` behind the others for `holder`; the admission of a passcode call admitted from `caller`
    /// for `app` ends when it is done.
    func enqueuePasscodeOperation(
        _ holder: PasscodeHolder, admittedFrom caller: String? = nil, for app: AppID? = nil,
        _ operation: @escaping PasscodeOperation
    ) {
        let counted: PasscodeOperation = { [unowned self] done in
            operation {
                if let caller, let app { self.passcodeCalls.admissions.release(app, caller: caller) }
                done()
            }
        }
        guard let first = passcodeCalls.queues.enqueue(holder, counted) else { return }
        run(first, for: holder)
    }

    // MARK: - Bounded work

    /// Admits one passcode call, or answers `LimitExceeded` (and says so in the log, at most every 10 s).
    private func admit(_ call: MethodInvocation, _ app: AppID) -> Bool {
        do throws(ManagerError) {
            try passcodeCalls.admissions.admit(app, caller: call.sender)
            return true
        } catch {
            refuse(call, error, app: app)
            return false
        }
    }

    /// The passcode argument at `index` in guarded memory; when libsodium cannot map any more, the admitted call
    /// is released and answered `LimitExceeded`.
    /// Refuses (``AgentStateMachine/checkShape(of:for:)``) a passcode argument at `index` that cannot be the app's.
    private func refusedByShape(_ call: MethodInvocation, _ app: AppID, _ index: Int) -> Bool {
        do throws(ManagerError) {
            try machine.checkShape(of: call.string(index), for: app)
            return false
        } catch {
            call.fail(error.dbusError)
            return true
        }
    }

    private func secret(_ call: MethodInvocation, _ app: AppID, _ index: Int) -> SecretBytes? {
        do {
            return try SecretBytes(call.string(index))
        } catch {
            passcodeCalls.admissions.release(app, caller: call.sender)
            refuse(call, .limitExceeded("no guarded memory is left for another passcode"), app: app)
            return nil
        }
    }

    private func refuse(_ call: MethodInvocation, _ error: ManagerError, app: AppID) {
        call.fail(error.dbusError)
        let now = EventLoop.bootTimeNanoseconds()
        passcodeCalls.refusals.count += 1
        passcodeCalls.refusals.last = now
        scheduleMemoryTrim(after: now)
        if let reported = passcodeCalls.refusals.lastReport, now < reported + 10_000_000_000 { return }
        logger.warning("passcode calls refused", metadata: [
            "count": "\(passcodeCalls.refusals.count)", "last-app": "\(app)", "reason": "\(error.message)",
            "admitted": "\(passcodeCalls.admissions.admitted)",
        ])
        passcodeCalls.refusals.count = 0
        passcodeCalls.refusals.lastReport = now
    }

    /// A flood leaves the heap grown by the messages it brought and the answers it sent; once a second has passed
    /// since the last refusal and every answer has left, the free memory is given back to the system (never while
    /// idle: only refusals schedule it).
    private func scheduleMemoryTrim(after refusal: UInt64) {
        guard timers.memoryTrim == nil else { return }
        timers.memoryTrim = loop.schedule(at: .bootTime(nanoseconds: refusal + 1_000_000_000)) { [unowned self] in
            timers.memoryTrim = nil
            let now = EventLoop.bootTimeNanoseconds()
            if let last = passcodeCalls.refusals.last, now < last + 1_000_000_000 { return scheduleMemoryTrim(after: last) }
            if bus.outgoingQueueBytes > 0 { return scheduleMemoryTrim(after: now) }
            HeapMemory.trim()
        }
    }

    private func run(_ operation: PasscodeOperation, for holder: PasscodeHolder) {
        operation { [unowned self] in
            if let next = passcodeCalls.queues.finish(holder) { run(next, for: holder) }
        }
    }

    // MARK: - Arguments

    func appArgument(_ call: MethodInvocation) -> AppID? {
        do {
            return try AppID.argument(call.string(0))
        } catch {
            call.fail(error.dbusError)
            return nil
        }
    }

    func kindArgument(_ call: MethodInvocation, _ index: Int) -> PasscodeKind? {
        guard let kind = PasscodeKind(rawValue: call.string(index)) else {
            call.fail(ManagerError.invalidArgument(
                "kind must be one of four-digit, six-digit, numeric, alphanumeric"
            ).dbusError)
            return nil
        }
        return kind
    }
}
