import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import DBusKit
import SodiumHasher

/// The agent's side of ``PasscodeCustody``, which the state machine owns: it feeds the machine what the keyring, the
/// attempts and the files say, and carries out what the custody decides (``AgentAction/custody(_:)``) (write the passcode records, read, seal, save or delete an authenticated policy,
/// apply the policy with its weakenings held, tell the user of a tampered item).
///
/// Weakening an app's protection takes the lock's own authentication: a weakening of the policy of an app with a
/// passcode, found in the files, is held until `ConfirmPolicy` brings the app's passcode; a strengthening applies at
/// once. Each app's authenticated policy is kept on disk sealed with a key only its passcode yields (``SealedPolicy``,
/// `SealingKey`): the key lives in guarded memory (``sealingKeys``) until the agent stops or the passcode goes, and is
/// never written anywhere.
extension Agent {
    /// Applies the files' policy (``filePolicies``) to the core, holding each weakening of an app with a passcode.
    func applyPolicy(source: String) {
        perform(machine.filesRead(filePolicies, now: now()), source: source)
    }

    /// The core learns that `app` has a passcode of `kind`, and the records keep it (with the fingerprint of its
    /// hash when known; a nil `fingerprint` keeps the one recorded).
    func passcodeKnown(_ app: AppID, kind: PasscodeKind, fingerprint: String? = nil, source: String) {
        perform(machine.passcodeKnown(app, kind: kind, fingerprint: fingerprint, now: now()), source: source)
    }

    /// The core learns that the AppLock passcode is stored with `kind`, and the records keep it.
    func sharedPasscodeKnown(kind: PasscodeKind, fingerprint: String?, source: String) {
        perform(machine.sharedPasscodeKnown(kind: kind, fingerprint: fingerprint, now: now()), source: source)
    }

    /// The passcode of `app` was removed through AppLock (RemovePasscode, ResetPasscode).
    func passcodeForgotten(_ app: AppID) {
        perform(machine.passcodeForgotten(app, files: filePolicies, now: now()), source: "policy")
    }

    /// The passcode was right (or polkit said yes: `proof` names which): the files' policy of `app`, read again, is
    /// authenticated and applies.
    func confirmFilePolicy(of app: AppID, proof: String = "the passcode") {
        _ = readPolicyFiles()
        logger.notice("policy change confirmed with \(proof)", metadata: ["app": "\(app)"])
        perform(machine.filePolicyConfirmed(app, files: filePolicies, now: now()), source: ManagerMethod.confirmPolicy.name)
    }

    /// SetPasscode stored the app's first passcode: the files' policy is its authenticated one, sealed with `key`.
    func firstPasscodeStored(_ app: AppID, kind: PasscodeKind, fingerprint: String, key: SealingKey) {
        sealingKeys.apps[app] = key
        let source = ManagerMethod.setPasscode.name
        perform(machine.firstPasscodeStored(app, kind: kind, fingerprint: fingerprint, files: filePolicies, now: now()),
                source: source)
    }

    /// A right passcode of `holder` protecting `app` came with `sealing` (what the attempt derived for sealing):
    /// the sealing keys are kept, in guarded memory, and what the machine must know of them is returned.
    func keepSealingKey(_ sealing: SealFinding?, of holder: PasscodeHolder, for app: AppID) -> AttemptFinding.SealFinding {
        if holder == .shared, let key = sealing?.key ?? sealingKeys.shared {
            keepSharedSealingKey(key)
            return sealing.map { .derived(authentic: $0.authentic) } ?? .sharedKeyHeld
        }
        guard let sealing else { return .none }
        sealingKeys.apps[app] = sealing.key
        return .derived(authentic: sealing.authentic)
    }

    /// The AppLock passcode's sealing key is held from now on: every app that uses it seals with it.
    func keepSharedSealingKey(_ key: SealingKey) {
        sealingKeys.shared = key
        for app in machine.custody.records.sharedUsers { sealingKeys.apps[app] = key }
    }

    /// The AppLock passcode gave its sealing key (set, or changed), or was entered again with it held: every app
    /// that uses it seals with it from now on (again, for the hash recorded now), and the seals `sealing` checked
    /// verify their authenticated policies.
    func sharedSealingKeyDerived(_ sealing: SealFinding, source: String) {
        keepSharedSealingKey(sealing.key)
        perform(machine.sharedPasscodeVerified(authentic: sealing.authentic, files: filePolicies, now: now()), source: source)
    }

    /// The AppLock passcode's keyring item was removed or replaced outside AppLock.
    func sharedPasscodeTampered() {
        logTampered(.shared, nil)
        perform(machine.sharedPasscodeTampered(now: now()))
    }

    /// Says in the log that the keyring item of `holder`'s passcode (protecting `app`) was removed or replaced
    /// outside AppLock.
    func logTampered(_ holder: PasscodeHolder, _ app: AppID?) {
        if holder == .shared {
            logger.warning("the keyring item of the AppLock passcode was removed or replaced outside AppLock; the apps that use it stay locked",
                           metadata: ["apps": "\(machine.sharedUsers.sorted().map(\.rawValue).joined(separator: ","))"])
        } else {
            logger.warning("the keyring item of the passcode was removed or replaced outside AppLock; the app stays locked",
                           metadata: ["app": "\(app.map(\.rawValue) ?? "")"])
        }
    }

    /// Reads the records at startup; every app in them has a passcode for the core, whether or not the keyring
    /// still holds its item.
    func restorePasscodeRecords() {
        let (records, problems) = stateFiles.recordStore.load()
        for problem in problems {
            logger.error("passcode records damaged; the apps named in them keep their passcodes",
                         metadata: ["problem": "\(problem)"])
        }
        perform(machine.passcodeRecordsRestored(records, now: now()))
    }

    /// Logs the apps the records know to have a passcode that the keyring no longer lists.
    func reportMissingItems(listed: [AppID: PasscodeKind]) {
        for app in machine.custody.records.records.keys.sorted() where listed[app] == nil {
            logger.warning("the keyring item of a passcode is gone; the app stays locked until the item is back or ResetPasscode",
                           metadata: ["app": "\(app)"])
        }
    }

    // MARK: - Carrying out the custody's actions

    /// Carries out one thing ``PasscodeCustody`` decided (``AgentAction/custody(_:)``). `source` names what caused
    /// it, for the log.
    func carryOut(_ action: CustodyAction, source: String) {
            switch action {
            case .saveRecords:
                savePasscodeRecords()
            case .readAuthenticatedPolicy(let app, let thenApply):
                readAuthenticatedPolicy(of: app)
                if thenApply { applyPolicy(source: source) }
            case .seal(let app, let text, let fingerprint):
                seal(app, policyText: text, fingerprint: fingerprint)
            case .keepUnsealed(let app):
                logger.notice("authenticated policy kept in memory: it is sealed when the passcode is next entered",
                              metadata: ["app": "\(app)"])
            case .removeAuthenticatedPolicy(let app):
                do {
                    try stateFiles.authenticatedPolicyStore.remove(app)
                } catch {
                    logger.error("cannot delete the authenticated policy", metadata: ["app": "\(app)", "error": "\(error)"])
                }
            case .dropSealingKey(let app):
                sealingKeys.apps[app] = nil
            case .shareSealingKey(let app):
                sealingKeys.apps[app] = sealingKeys.shared
            case .dropSharedSealingKey:
                sealingKeys.shared = nil
            case .applyPolicies(let policies):
                // The machine applies the custody's policy itself and does not send this; were it sent, the agent
                // would apply it the same way.
                perform(machine.policiesChanged(policies, now: now()), source: source)
            case .policyHeld(let app, let keys):
                logger.notice("policy change waiting for authentication: applockctl policy confirm \(app)",
                              metadata: ["app": "\(app)", "keys": "\(keys.joined(separator: ","))"])
            case .authenticatedPolicyVerified(let app, let authentic, let claimOnDisk):
                if authentic {
                    logger.info("authenticated policy verified with the passcode", metadata: ["app": "\(app)"])
                } else {
                    let found = claimOnDisk
                        ? "the authenticated policy on disk was not sealed with this passcode (edited, or the passcode "
                            + "item replaced, outside AppLock)"
                        : "no authenticated policy on disk"
                    logger.warning("\(found); the stricter of it, the defaults and the files stays authenticated",
                                   metadata: ["app": "\(app)", "file": "\(stateFiles.authenticatedPolicyStore.path(of: app))"])
                }
            case .announcePolicyReloaded:
                // The guard applies Guard and BackgroundWhen itself: it reads the files and the held changes again.
                publisher.policyReloaded()
            case .notifyTampered(let app):
                notifyTampered(app)
            case .notifySharedTampered(let apps):
                notifySharedTampered(apps)
            }
    }

    /// Reads the authenticated policy the disk claims for `app` and hands it to the custody.
    private func readAuthenticatedPolicy(of app: AppID) {
        let (sealed, claimed, problem) = stateFiles.authenticatedPolicyStore.load(app)
        if let problem {
            logger.error("authenticated policy unreadable; weakenings are held against the defaults and the files",
                         metadata: ["app": "\(app)", "problem": "\(problem)"])
        }
        machine.authenticatedPolicyRead(app, sealed: sealed, claimed: claimed)
    }

    /// Seals `text` with the app's key for the hash `fingerprint` names, and saves it when it differs from the disk's.
    private func seal(_ app: AppID, policyText text: String, fingerprint: String) {
        guard let key = sealingKeys.apps[app] else { return }
        let message = SealedPolicy.message(app: app, fingerprint: fingerprint, policyText: text)
        let sealed = SealedPolicy(policyText: text, salt: key.salt, tag: key.seal(message))
        guard machine.custody.sealedOnDisk[app] != sealed else { return }
        do {
            try stateFiles.authenticatedPolicyStore.save(sealed, for: app)
            machine.sealSaved(app, sealed)
        } catch {
            logger.error("cannot save the authenticated policy; it holds while the agent runs",
                         metadata: ["app": "\(app)", "error": "\(error)"])
        }
    }

    private func savePasscodeRecords() {
        stateFiles.recordWriter.save(machine.custody.records) { [logger] error in
            logger.error("cannot save the passcode records; they hold while the agent runs and are saved again at the next change",
                         metadata: ["error": "\(error)"])
        }
    }
}
