import AppLockCore
import AppLockProtocol
import DBusKit
import SystemKit

/// `RegisterApplication`, failing closed when the passcode store could not be
/// listed at startup: an app not known yet is looked up in the store first
/// (off the loop, in the app's passcode queue) and answered afterwards. An app
/// with a passcode then starts locked; when the store cannot answer, the
/// registration is refused with `StoreUnavailable` rather than coming up unlocked.
extension Agent {
    func registerApplication(_ call: MethodInvocation) {
        guard let app = appArgument(call) else { return }
        if !inventory.mustLookUp(app, knownToHavePasscode: machine.snapshot(of: app)?.hasPasscode == true) {
            return completeRegistration(call, app)
        }
        let owner = call.sender
        let callOnLoop = LoopBound(call, loop: loop)
        inventory.lookupStarted(by: owner)
        watchPeersForPendingRegistrations()
        enqueuePasscodeOperation(.app(app)) { [unowned self] done in
            if !inventory.mustLookUp(app, knownToHavePasscode: machine.snapshot(of: app)?.hasPasscode == true) {
                answerRegistration(callOnLoop.value, app, owner, nil)
                return done()
            }
            let agent = LoopBound(self, loop: loop)
            let finished = LoopBound(done, loop: loop)
            passcodes.submit { [passcodes, loop] in
                let found: Result<PasscodeKind?, PasscodeStoreError>
                do throws(PasscodeStoreError) {
                    found = .success(try passcodes.store.lookup(app)?.kind)
                } catch {
                    found = .failure(error)
                }
                loop.post {
                    agent.value.answerRegistration(callOnLoop.value, app, owner, found)
                    finished.value()
                }
            }
        }
    }

    /// Applies what the look-up found (nil: nothing was looked up) and registers, or refuses.
    private func answerRegistration(
        _ call: MethodInvocation, _ app: AppID, _ owner: String, _ found: Result<PasscodeKind?, PasscodeStoreError>?
    ) {
        let callerStayed = inventory.lookupEnded(by: owner)
        switch found {
        case .failure(let error)?:
            let why = PasscodeWorker.reason(error)
            logger.error("cannot tell whether the app has a passcode; registration refused",
                         metadata: ["app": "\(app)", "error": "\(why)"])
            return call.fail(ManagerError.storeUnavailable(why).dbusError)
        case .success(let kind)?:
            inventory.markChecked(app)
            if let kind { passcodeKnown(app, kind: kind, source: "Secret Service") }
            reloadInventoryIfIncomplete()
        case nil:
            break
        }
        // A caller that left while it waited must not leave a registration behind.
        guard callerStayed else { return }
        completeRegistration(call, app)
    }

    private func completeRegistration(_ call: MethodInvocation, _ app: AppID) {
        answer(call) { now in
            (machine: try machine.register(app, owner: call.sender, now: now), reply: [.objectPath(app.objectPath)])
        }
    }

    private func watchPeersForPendingRegistrations() {
        guard !inventory.watchesPeers else { return }
        inventory.watchesPeers = true
        bus.onPeerDisconnected { [unowned self] uniqueName in inventory.peerLeft(uniqueName) }
    }

    /// The store answered again: list it once more, so that apps with a passcode
    /// that are not registered are known too.
    private func reloadInventoryIfIncomplete() {
        guard !inventory.isComplete, !inventory.isReloading else { return }
        inventory.isReloading = true
        let agent = LoopBound(self, loop: loop)
        passcodes.submit { [passcodes, loop] in
            let listed: Result<[AppID: PasscodeKind], PasscodeStoreError>
            do throws(PasscodeStoreError) {
                listed = .success(try passcodes.store.storedApps())
            } catch {
                listed = .failure(error)
            }
            loop.post { agent.value.applyInventory(listed) }
        }
    }

    private func applyInventory(_ listed: Result<[AppID: PasscodeKind], PasscodeStoreError>) {
        inventory.isReloading = false
        guard case .success(let stored) = listed else { return }
        for (app, kind) in stored.sorted(by: { $0.key < $1.key }) {
            passcodeKnown(app, kind: kind, source: "Secret Service")
        }
        reportMissingItems(listed: stored)
        inventory.isComplete = true
        logger.info("passcodes found", metadata: ["count": "\(stored.count)"])
    }
}
