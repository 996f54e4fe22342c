import AppLockAgentCore
import AppLockCore
import AppLockProtocol

/// Weakening an app's protection takes the lock's own authentication: a weakening of the policy of an app with a
/// passcode, found in the files (edited by hand or by AppLock Settings), is held until `ConfirmPolicy` brings the
/// app's passcode; a strengthening applies at once. See ``AuthenticatedPolicies``.
extension Agent {
    /// Applies the files' policy (``filePolicies``) to the core, holding each weakening of an app with a passcode.
    func applyPolicy(source: String) {
        let outcome = authenticatedPolicies.hold(filePolicies, appsWithPasscode: passcodeRecords.records.keys)
        for app in outcome.changed {
            guard let policy = authenticatedPolicies.policies[app] else { continue }
            do {
                try authenticatedPolicyStore.save(policy, for: app)
            } catch {
                logger.error("cannot save the authenticated policy; it holds while the agent runs",
                             metadata: ["app": "\(app)", "error": "\(error)"])
            }
        }
        for (app, keys) in outcome.held.sorted(by: { $0.key < $1.key }) where heldPolicyKeys[app] != keys {
            logger.notice("policy change waiting for authentication: applockctl policy confirm \(app)",
                          metadata: ["app": "\(app)", "keys": "\(keys.joined(separator: ","))"])
        }
        heldPolicyKeys = outcome.held
        perform(machine.policiesChanged(outcome.policies, now: now()), source: source)
    }

    /// The passcode was right (or polkit said yes: `proof` names which): the files' policy of `app`, read again, is
    /// authenticated and applies.
    func confirmFilePolicy(of app: AppID, proof: String = "the passcode") {
        _ = readPolicyFiles()
        authenticatedPolicies.confirm(app, files: filePolicies)
        logger.notice("policy change confirmed with \(proof)", metadata: ["app": "\(app)"])
        applyPolicy(source: ManagerMethod.confirmPolicy.name)
        // The guard applies Guard and BackgroundWhen itself: it reads the files and the held changes again.
        publisher.policyReloaded()
    }

    /// Reads the authenticated policies of the apps the passcode records name.
    func restoreAuthenticatedPolicies() {
        for app in passcodeRecords.records.keys.sorted() {
            let (policy, problem) = authenticatedPolicyStore.load(app)
            if let problem {
                logger.error("authenticated policy unreadable; the defaults count as authenticated",
                             metadata: ["app": "\(app)", "problem": "\(problem)"])
            }
            if let policy { authenticatedPolicies.restore(app, policy) }
        }
    }

    /// The app lost its passcode through AppLock: nothing is held for it any more.
    func forgetAuthenticatedPolicy(of app: AppID) {
        guard authenticatedPolicies.forget(app) else { return }
        do {
            try authenticatedPolicyStore.remove(app)
        } catch {
            logger.error("cannot delete the authenticated policy", metadata: ["app": "\(app)", "error": "\(error)"])
        }
        applyPolicy(source: "policy")
    }
}
