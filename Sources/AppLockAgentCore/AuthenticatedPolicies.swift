public import AppLockCore
public import AppLockProtocol

/// The last policy each app with a passcode was given with its authentication (its passcode, or the first policy
/// seen for it), kept by the agent under `$XDG_STATE_HOME/applock/policies/`. A weakening found in the files is held:
/// the agent keeps the authenticated value of that key until the change is confirmed (`ConfirmPolicy`); a
/// strengthening applies at once and becomes the authenticated policy. Pure.
public struct AuthenticatedPolicies: Equatable, Sendable {
    public private(set) var policies: [AppID: Policy]

    public init(policies: [AppID: Policy] = [:]) {
        self.policies = policies
    }

    /// What holding the files' weakenings gives.
    public struct Outcome: Equatable, Sendable {
        /// The policy set the agent applies: the files', with each held weakening undone.
        public var policies: PolicySet
        /// The keys held per app, in SPEC order (apps with none are absent).
        public var held: [AppID: [String]]
        /// The apps whose authenticated policy changed (first seen, or strengthened): save them.
        public var changed: [AppID]
    }

    /// Applies `files` to the apps in `appsWithPasscode`: each app's policy in the files, with each weakening against
    /// its authenticated policy held back. An app seen for the first time adopts the files' policy.
    public mutating func hold(_ files: PolicySet, appsWithPasscode: some Sequence<AppID>) -> Outcome {
        var outcome = Outcome(policies: files, held: [:], changed: [])
        for app in Set(appsWithPasscode).sorted() {
            let wanted = files.effectivePolicy(for: app)
            guard let authenticated = policies[app] else {
                policies[app] = wanted
                outcome.changed.append(app)
                continue
            }
            let (applied, held) = PolicyStrength.holding(wanted, against: authenticated)
            if applied != authenticated {
                policies[app] = applied
                outcome.changed.append(app)
            }
            if !held.isEmpty {
                outcome.held[app] = held
                outcome.policies.perApp[app] = PolicyOverrides(every: applied)
            }
        }
        return outcome
    }

    /// The user authenticated the files' policy for `app`: it becomes the authenticated one.
    public mutating func confirm(_ app: AppID, files: PolicySet) {
        policies[app] = files.effectivePolicy(for: app)
    }

    /// The app lost its passcode through AppLock: nothing is held for it any more. Returns whether it had a policy.
    @discardableResult
    public mutating func forget(_ app: AppID) -> Bool {
        policies.removeValue(forKey: app) != nil
    }

    /// Restores the authenticated policy of `app` (read from disk at startup).
    public mutating func restore(_ app: AppID, _ policy: Policy) {
        policies[app] = policy
    }
}
