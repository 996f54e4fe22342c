import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import DBusKit
import SodiumHasher
import SystemKit

/// The AppLock passcode's manager methods: `SetSharedPasscode` stores it (hashed as an app's, in its own keyring
/// item), `UseSharedPasscode` makes an app use it, `ChangeSharedPasscode` and `RemoveSharedPasscode` take it. What
/// they change is decided by the core (`AgentStateMachine.firstSharedPasscodeSet`, `useSharedPasscode`,
/// `beginSharedAttempt`; `PasscodeCustody.usesSharedPasscode`); the keyring and Argon2id work runs on a worker in the
/// AppLock passcode's queue.
extension Agent {
    func setSharedPasscode(_ call: MethodInvocation) {
        guard let kind = kindArgument(call, 1) else { return }
        do throws(ManagerError) {
            try machine.validateNewSharedPasscode(call.string(0), kind: kind)
        } catch {
            return call.fail(error.dbusError)
        }
        guard let passcode = sharedSecret(call, 0) else { return }
        let callOnLoop = LoopBound(call, loop: loop)
        enqueuePasscodeOperation(.shared) { [unowned self] done in
            if machine.sharedPasscodeKind != nil {
                call.fail(ManagerError.passcodeExists.dbusError)
                return done()
            }
            let agent = LoopBound(self, loop: loop)
            let finished = LoopBound(done, loop: loop)
            passcodes.submit { [passcodes, loop] in
                let outcome: Result<(fingerprint: String, key: SealingKey), ManagerError>
                // An item the agent did not know of (its records lost): the agent adopts it, as it adopts an app's.
                var found: PasscodeKind?
                switch passcodes.storedKind(.shared) {
                case .failure(let error): outcome = .failure(.storeUnavailable(PasscodeWorker.reason(error)))
                case .success(let stored?):
                    found = stored
                    outcome = .failure(.passcodeExists)
                case .success(nil):
                    // The key that seals the policies of the apps that will use it is made before the hash is stored,
                    // so that a failure stores nothing.
                    if let key = passcodes.newSealingKey(passcode) {
                        outcome = passcodes.save(.shared, passcode, kind: kind)
                            .map { (fingerprint: $0, key: key) }
                            .mapError { .storeUnavailable(PasscodeWorker.reason($0)) }
                    } else {
                        outcome = .failure(.storeUnavailable("hashing failed: out of memory"))
                    }
                }
                let adopted = found
                loop.post {
                    let agent = agent.value
                    let source = ManagerMethod.setSharedPasscode.name
                    switch outcome {
                    case .success(let (fingerprint, key)):
                        agent.perform(agent.machine.firstSharedPasscodeStored(kind: kind, fingerprint: fingerprint, now: agent.now()),
                                      source: source)
                        agent.sharedSealingKeyDerived(SealFinding(key: key, authentic: [:]), source: source)
                        agent.logger.info("AppLock passcode set", metadata: ["kind": "\(kind.rawValue)"])
                        callOnLoop.value.reply()
                    case .failure(let error):
                        if let adopted { agent.sharedPasscodeKnown(kind: adopted, fingerprint: nil, source: source) }
                        callOnLoop.value.fail(error.dbusError)
                    }
                    finished.value()
                }
            }
        }
    }

    /// UseSharedPasscode: no passcode is asked (the app has none to weaken); the app is protected from now on.
    func useSharedPasscode(_ call: MethodInvocation) {
        guard let app = appArgument(call) else { return }
        enqueuePasscodeOperation(.app(app)) { [unowned self] done in
            defer { done() }
            let source = ManagerMethod.useSharedPasscode.name
            do throws(ManagerError) {
                perform(try machine.sharedPasscodeAdopted(app, files: filePolicies, now: now()), source: source)
            } catch {
                return call.fail(error.dbusError)
            }
            logger.info("app uses the AppLock passcode", metadata: ["app": "\(app)"])
            call.reply()
        }
    }

    /// ChangeSharedPasscode: a right `old` replaces the AppLock passcode for every app that uses it; a wrong one counts
    /// in its one lock-out.
    func changeSharedPasscode(_ call: MethodInvocation) {
        guard let kind = kindArgument(call, 2) else { return }
        do throws(ManagerError) {
            try machine.validateNewSharedPasscode(call.string(1), kind: kind)
        } catch {
            return call.fail(error.dbusError)
        }
        guard !refusedBySharedShape(call, 0), let old = sharedSecret(call, 0), let new = sharedSecret(call, 1) else { return }
        // The seals not verified yet are checked with the old passcode's key; then every app that uses it is sealed
        // again with the new one's, made before the new hash is stored so that a failure changes nothing.
        sharedAttempt(call, source: ManagerMethod.changeSharedPasscode.name, checkingSeals: true) { worker, recorded, sealing in
            let verification = worker.verify(.shared, old, recorded: recorded, sealing: sealing)
            guard case .verified(_, _, _, let finding) = verification else { return verification }
            guard let key = worker.newSealingKey(new) else { return .unavailable("hashing failed: out of memory") }
            switch worker.save(.shared, new, kind: kind) {
            case .success(let fingerprint):
                return .verified(holder: .shared, kind: kind, fingerprint: fingerprint,
                                 sealing: SealFinding(key: key, authentic: finding?.authentic ?? [:]))
            case .failure(let failure): return .unavailable(PasscodeWorker.reason(failure))
            }
        } then: { [unowned self] kind, fingerprint, sealing in
            let source = ManagerMethod.changeSharedPasscode.name
            sharedPasscodeKnown(kind: kind, fingerprint: fingerprint, source: source)
            if let sealing { sharedSealingKeyDerived(sealing, source: source) }
            logger.info("AppLock passcode changed", metadata: ["kind": "\(kind.rawValue)"])
        }
    }

    /// RemoveSharedPasscode: a right passcode removes the AppLock passcode; every app that used it is then without a
    /// passcode.
    func removeSharedPasscode(_ call: MethodInvocation) {
        guard !refusedBySharedShape(call, 0), let passcode = sharedSecret(call, 0) else { return }
        sharedAttempt(call, source: ManagerMethod.removeSharedPasscode.name, checkingSeals: false) { worker, recorded, _ in
            let verification = worker.verify(.shared, passcode, recorded: recorded, sealing: nil)
            guard case .verified = verification else { return verification }
            if let failure = worker.remove(.shared) { return .unavailable(PasscodeWorker.reason(failure)) }
            return verification
        } then: { [unowned self] _, _, _ in
            let source = ManagerMethod.removeSharedPasscode.name
            let users = machine.sharedUsers.sorted()
            perform(machine.sharedPasscodeForgotten(files: filePolicies, now: now()), source: source)
            logger.notice("AppLock passcode removed", metadata: ["apps": "\(users.map(\.rawValue).joined(separator: ","))"])
        }
    }

    /// An attempt on the AppLock passcode itself, in its queue: the lock-out is checked on the loop, the failure is
    /// counted on disk before verification starts, `work` verifies (and stores or removes) on a worker, and `then`
    /// runs on the loop after a verified attempt with the kind and fingerprint of the hash the store now holds and what
    /// it found for sealing. With `checkingSeals`, `work` is handed the seals to check until the key is held.
    private func sharedAttempt(
        _ call: MethodInvocation, source: String, checkingSeals: Bool,
        work: @escaping @Sendable (PasscodeWorker, PasscodeRecords.Record?, SealingRequest?) -> PasscodeWorker.Verification,
        then: @escaping (PasscodeKind, String, SealFinding?) -> Void
    ) {
        let callOnLoop = LoopBound(call, loop: loop)
        let thenOnLoop = LoopBound(then, loop: loop)
        enqueuePasscodeOperation(.shared) { [unowned self] done in
            let ticket: SharedAttemptTicket
            do throws(ManagerError) {
                ticket = try machine.beginSharedAttempt(now: now())
            } catch {
                call.fail(error.dbusError)
                return done()
            }
            let recorded = machine.custody.records.shared
            let checks = checkingSeals ? machine.custody.sealChecks(for: .shared) : []
            let sealing = checks.isEmpty ? nil : SealingRequest(claims: checks.map { ($0, machine.custody.sealedOnDisk[$0]) })
            let (counting, counted) = machine.countSharedAttemptInAdvance(ticket, now: now())
            perform(counting, source: source)
            let agent = LoopBound(self, loop: loop)
            let finished = LoopBound(done, loop: loop)
            stateFiles.ledgerWriter.afterWrites(on: loop) { [passcodes, loop] in
                passcodes.submit {
                    let verification = work(passcodes, recorded, sealing)
                    loop.post {
                        agent.value.finishSharedAttempt(ticket, counted, verification, source: source,
                                                        callOnLoop.value, thenOnLoop.value)
                        finished.value()
                    }
                }
            }
        }
    }

    private func finishSharedAttempt(
        _ ticket: SharedAttemptTicket, _ counted: CountedSharedFailure, _ verification: PasscodeWorker.Verification,
        source: String, _ call: MethodInvocation, _ then: (PasscodeKind, String, SealFinding?) -> Void
    ) {
        let outcome: AttemptOutcome
        switch verification {
        case .verified: outcome = .verified
        case .wrong: outcome = .wrong
        case .tampered:
            outcome = .passcodeTampered
            sharedPasscodeTampered()
        case .unavailable(let why):
            logger.error("Secret Service unavailable; the AppLock passcode is unchanged", metadata: ["error": "\(why)"])
            outcome = .storeUnavailable
        }
        let result = machine.finishSharedAttempt(ticket, outcome: outcome, counted: counted, now: now())
        perform(result.actions, source: source)
        switch result.answer {
        case .verified:
            guard case .verified(_, let kind, let fingerprint, let sealing) = verification else { return call.reply() }
            then(kind, fingerprint, sealing)
            call.reply()
        case .storeUnavailable:
            guard case .unavailable(let why) = verification else { return call.fail(ManagerError.storeUnavailable("unknown").dbusError) }
            call.fail(ManagerError.storeUnavailable(why).dbusError)
        case .wrongPasscode, .lockedOut:
            logger.notice("wrong AppLock passcode", metadata: ["source": "\(source)"])
            let error = result.answer.error()!.dbusError
            let callOnLoop = LoopBound(call, loop: loop)
            stateFiles.ledgerWriter.afterWrites(on: loop) { callOnLoop.value.fail(error) }
        case .unlocked, .verifiedButRelocked, .noPasscode, .passcodeTampered:
            call.fail((result.answer.error() ?? .noPasscode).dbusError)
        }
    }

    /// Refuses with `InvalidPasscode`, without counting an attempt, an argument that cannot be the AppLock passcode
    /// (it does not fit its kind, which `SharedPasscodeKind` makes public already).
    private func refusedBySharedShape(_ call: MethodInvocation, _ index: Int) -> Bool {
        guard let kind = machine.sharedPasscodeKind else { return false }
        do {
            try PasscodeRules.validateShape(call.string(index), kind: kind)
            return false
        } catch {
            call.fail(ManagerError.invalidPasscode("\(error); it cannot be the AppLock passcode, and no attempt was counted").dbusError)
            return true
        }
    }

    /// The AppLock passcode argument at `index` in guarded memory; `LimitExceeded` when libsodium cannot map more.
    private func sharedSecret(_ call: MethodInvocation, _ index: Int) -> SecretBytes? {
        do {
            return try SecretBytes(call.string(index))
        } catch {
            call.fail(ManagerError.limitExceeded("no guarded memory is left for another passcode").dbusError)
            return nil
        }
    }
}
