import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import SodiumHasher

/// Weakening an app's protection takes the lock's own authentication: a weakening of the policy of an app with a
/// passcode, found in the files (edited by hand or by AppLock Settings), is held until `ConfirmPolicy` brings the
/// app's passcode; a strengthening applies at once. See ``AuthenticatedPolicies``.
///
/// Each app's authenticated policy is kept on disk sealed with a key only its passcode yields (``SealedPolicy``,
/// `SealingKey`): the key is derived when the passcode is set or first entered in a run of the agent, lives in guarded
/// memory until the agent stops or the passcode goes, and is never written anywhere. What the disk says counts only
/// once the passcode has checked its seal; until then the stricter of it and the defaults applies.
extension Agent {
    /// Applies the files' policy (``filePolicies``) to the core, holding each weakening of an app with a passcode.
    /// Returns whether the held changes are others than before.
    @discardableResult
    func applyPolicy(source: String) -> Bool {
        let outcome = authenticatedPolicies.hold(filePolicies, appsWithPasscode: passcodeRecords.records.keys)
        for app in outcome.changed { sealAuthenticatedPolicy(of: app) }
        for (app, keys) in outcome.held.sorted(by: { $0.key < $1.key }) where heldPolicyKeys[app] != keys {
            logger.notice("policy change waiting for authentication: applockctl policy confirm \(app)",
                          metadata: ["app": "\(app)", "keys": "\(keys.joined(separator: ","))"])
        }
        let heldChanged = heldPolicyKeys != outcome.held
        heldPolicyKeys = outcome.held
        perform(machine.policiesChanged(outcome.policies, now: now()), source: source)
        return heldChanged
    }

    /// The passcode was right (or polkit said yes: `proof` names which): the files' policy of `app`, read again, is
    /// authenticated and applies.
    func confirmFilePolicy(of app: AppID, proof: String = "the passcode") {
        _ = readPolicyFiles()
        authenticatedPolicies.confirm(app, files: filePolicies)
        logger.notice("policy change confirmed with \(proof)", metadata: ["app": "\(app)"])
        sealAuthenticatedPolicy(of: app)
        applyPolicy(source: ManagerMethod.confirmPolicy.name)
        // The guard applies Guard and BackgroundWhen itself: it reads the files and the held changes again.
        publisher.policyReloaded()
    }

    /// SetPasscode stored the app's first passcode: the files' policy is its authenticated one, sealed with `key`.
    func newPasscodeStored(_ app: AppID, kind: PasscodeKind, fingerprint: String, key: SealingKey) {
        authenticatedPolicies.confirm(app, files: filePolicies)
        sealingKeys[app] = key
        passcodeKnown(app, kind: kind, fingerprint: fingerprint, source: ManagerMethod.setPasscode.name)
        sealAuthenticatedPolicy(of: app)
        applyPolicy(source: ManagerMethod.setPasscode.name)
    }

    /// A passcode attempt verified the app's passcode. When it derived the app's sealing key (`sealing`), the key
    /// seals from now on and its check of the seal on disk verifies the authenticated policy: an authentic one
    /// applies (releasing what was held only for want of verification), one that is not keeps the stricter policy in
    /// force, said in the log. Either way the authenticated policy is sealed again, with the hash it was verified
    /// against now (a re-hash or a new passcode changes it).
    func passcodeVerified(_ app: AppID, sealing: SealFinding?, source: String) {
        var verified = false
        if let sealing {
            sealingKeys[app] = sealing.key
            if let authentic = sealing.claimIsAuthentic, authenticatedPolicies.verify(app, claimIsAuthentic: authentic) {
                verified = true
                if authentic {
                    logger.info("authenticated policy verified with the passcode", metadata: ["app": "\(app)"])
                } else {
                    let found = sealedPolicies[app] == nil
                        ? "no authenticated policy on disk"
                        : "the authenticated policy on disk was not sealed with this passcode (edited, or the passcode "
                            + "item replaced, outside AppLock)"
                    logger.warning("\(found); the stricter of it, the defaults and the files stays authenticated",
                                   metadata: ["app": "\(app)", "file": "\(authenticatedPolicyStore.path(of: app))"])
                }
            }
        }
        sealAuthenticatedPolicy(of: app)
        if verified, applyPolicy(source: source) { publisher.policyReloaded() }
    }

    /// Reads the authenticated policies the disk claims for the apps the passcode records name.
    func restoreAuthenticatedPolicies() {
        for app in passcodeRecords.records.keys.sorted() { restoreAuthenticatedPolicy(of: app) }
    }

    /// Reads the authenticated policy the disk claims for `app`; it counts only once the app's passcode has checked
    /// its seal.
    func restoreAuthenticatedPolicy(of app: AppID) {
        let (sealed, claimed, problem) = authenticatedPolicyStore.load(app)
        if let problem {
            logger.error("authenticated policy unreadable; weakenings are held against the defaults and the files",
                         metadata: ["app": "\(app)", "problem": "\(problem)"])
        }
        sealedPolicies[app] = sealed
        authenticatedPolicies.restore(app, claiming: claimed)
    }

    /// The app lost its passcode through AppLock: nothing is held for it any more.
    func forgetAuthenticatedPolicy(of app: AppID) {
        sealingKeys[app] = nil
        sealedPolicies[app] = nil
        guard authenticatedPolicies.forget(app) else { return }
        do {
            try authenticatedPolicyStore.remove(app)
        } catch {
            logger.error("cannot delete the authenticated policy", metadata: ["app": "\(app)", "error": "\(error)"])
        }
        applyPolicy(source: "policy")
    }

    /// Seals the app's verified authenticated policy with its passcode's key and saves it when it differs from the
    /// disk's. Without the key (a change authenticated otherwise before the passcode was entered in this run) it holds
    /// in memory, and is sealed when the passcode is next entered.
    private func sealAuthenticatedPolicy(of app: AppID) {
        guard let baseline = authenticatedPolicies.baselines[app], baseline.isVerified else { return }
        guard let key = sealingKeys[app], let fingerprint = passcodeRecords.records[app]?.fingerprint else {
            logger.notice("authenticated policy kept in memory: it is sealed when the passcode is next entered",
                          metadata: ["app": "\(app)"])
            return
        }
        let text = baseline.policy.policyFileText
        let message = SealedPolicy.message(app: app, fingerprint: fingerprint, policyText: text)
        let sealed = SealedPolicy(policyText: text, salt: key.salt, tag: key.seal(message))
        guard sealedPolicies[app] != sealed else { return }
        do {
            try authenticatedPolicyStore.save(sealed, for: app)
            sealedPolicies[app] = sealed
        } catch {
            logger.error("cannot save the authenticated policy; it holds while the agent runs",
                         metadata: ["app": "\(app)", "error": "\(error)"])
        }
    }
}
