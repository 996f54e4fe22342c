import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import DBusKit
import SodiumHasher
import SystemKit

/// The AppLock passcode's manager methods: `SetSharedPasscode` stores it (hashed as an app's, in its own keyring
/// item), `UseSharedPasscode` makes an app use it. What they change is decided by the core
/// (`AgentStateMachine.firstSharedPasscodeSet`, `useSharedPasscode`; `PasscodeCustody.usesSharedPasscode`); the
/// keyring and Argon2id work runs on a worker in the AppLock passcode's queue.
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
                let outcome: Result<String, ManagerError>
                switch passcodes.exists(.shared) {
                case .failure(let error): outcome = .failure(.storeUnavailable(PasscodeWorker.reason(error)))
                case .success(true): outcome = .failure(.passcodeExists)
                case .success(false):
                    outcome = passcodes.save(.shared, passcode, kind: kind)
                        .mapError { .storeUnavailable(PasscodeWorker.reason($0)) }
                }
                loop.post {
                    let agent = agent.value
                    let source = ManagerMethod.setSharedPasscode.name
                    switch outcome {
                    case .success(let fingerprint):
                        agent.perform(agent.machine.firstSharedPasscodeSet(kind: kind, now: agent.now()), source: source)
                        agent.carryOut(agent.custody.sharedPasscodeKnown(kind: kind, fingerprint: fingerprint), source: source)
                        agent.logger.info("AppLock passcode set", metadata: ["kind": "\(kind.rawValue)"])
                        callOnLoop.value.reply()
                    case .failure(let error):
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
                perform(try machine.useSharedPasscode(app, now: now()), source: source)
            } catch {
                return call.fail(error.dbusError)
            }
            carryOut(custody.usesSharedPasscode(app, files: filePolicies), source: source)
            logger.info("app uses the AppLock passcode", metadata: ["app": "\(app)"])
            call.reply()
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
