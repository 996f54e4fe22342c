public import AppLockCore
public import AppLockProtocol

/// The last policy each app with a passcode was given with its authentication, against which a weakening found in
/// the files is held: the agent keeps the authenticated value of that key until the change is confirmed
/// (`ConfirmPolicy`); a strengthening applies at once and raises the authenticated policy. Pure.
///
/// The agent keeps each one on disk sealed with a key only the app's passcode yields (``SealedPolicy``), so it trusts
/// what it reads there only once the passcode has checked the seal. Until then an app's authenticated policy is
/// *unverified*: the stricter, key by key, of what the disk claims (nothing, when there is no file), the defaults and
/// every files' policy seen since the agent started. Editing or deleting the file therefore cannot take an app below
/// the defaults, nor below what the files said when the agent started. When the passcode verifies
/// (``verify(_:claimIsAuthentic:)``), an authentic claim becomes the authenticated policy, raised by the
/// strengthenings seen meanwhile; a claim that is not authentic leaves the stricter policy in force.
public struct AuthenticatedPolicies: Equatable, Sendable {
    /// One app's authenticated policy.
    public struct Baseline: Equatable, Sendable {
        /// What weakenings are held against.
        public var policy: Policy
        /// Whether the app's authentication vouched for ``policy`` in this run of the agent: its passcode (which
        /// checked the seal on disk, or confirmed or set the policy) or system authentication.
        public var isVerified: Bool
        /// Until verified: the policy the disk claims, nil when there is none.
        var claimed: Policy?
        /// Until verified: the stricter of every files' policy seen since the agent started.
        var seen: Policy?
    }

    public private(set) var baselines: [AppID: Baseline]

    public init(baselines: [AppID: Baseline] = [:]) {
        self.baselines = baselines
    }

    /// What holding the files' weakenings gives.
    public struct Outcome: Equatable, Sendable {
        /// The policy set the agent applies: the files', with each held weakening undone.
        public var policies: PolicySet
        /// The keys held per app, in SPEC order (apps with none are absent).
        public var held: [AppID: [String]]
        /// The verified apps whose authenticated policy a strengthening raised: seal and save them.
        public var changed: [AppID]
    }

    /// Applies `files` to the apps in `appsWithPasscode`: each app's policy in the files, with each weakening against
    /// its authenticated policy held back. An app without one yet has an unverified one claiming nothing.
    public mutating func hold(_ files: PolicySet, appsWithPasscode: some Sequence<AppID>) -> Outcome {
        var outcome = Outcome(policies: files, held: [:], changed: [])
        for app in Set(appsWithPasscode).sorted() {
            let wanted = files.effectivePolicy(for: app)
            var baseline = baselines[app] ?? Self.unverified(claiming: nil)
            if !baseline.isVerified {
                baseline.seen = baseline.seen.map { PolicyStrength.stricter(wanted, $0) } ?? wanted
            }
            let (applied, held) = PolicyStrength.holding(wanted, against: baseline.policy)
            if applied != baseline.policy {
                baseline.policy = applied
                if baseline.isVerified { outcome.changed.append(app) }
            }
            baselines[app] = baseline
            if !held.isEmpty {
                outcome.held[app] = held
                outcome.policies.perApp[app] = PolicyOverrides(every: applied)
            }
        }
        return outcome
    }

    /// The app's passcode was right, and its key checked the seal of the policy the disk claims: an authentic claim,
    /// raised by the strengthenings seen since the agent started, becomes the authenticated policy; otherwise the
    /// stricter policy in force does. Returns whether the baseline was unverified until now.
    @discardableResult
    public mutating func verify(_ app: AppID, claimIsAuthentic: Bool) -> Bool {
        guard var baseline = baselines[app], !baseline.isVerified else { return false }
        if claimIsAuthentic, let claimed = baseline.claimed {
            baseline.policy = PolicyStrength.stricter(baseline.seen ?? claimed, claimed)
        }
        baseline = Baseline(policy: baseline.policy, isVerified: true)
        baselines[app] = baseline
        return true
    }

    /// The user authenticated the files' policy for `app` (confirmed it, or set the app's first passcode): it
    /// becomes the authenticated one.
    public mutating func confirm(_ app: AppID, files: PolicySet) {
        baselines[app] = Baseline(policy: files.effectivePolicy(for: app), isVerified: true)
    }

    /// The app lost its passcode through AppLock: nothing is held for it any more. Returns whether it had a policy.
    @discardableResult
    public mutating func forget(_ app: AppID) -> Bool {
        baselines.removeValue(forKey: app) != nil
    }

    /// Restores the policy the disk claims for `app` (read at startup), unverified.
    public mutating func restore(_ app: AppID, claiming claimed: Policy?) {
        baselines[app] = Self.unverified(claiming: claimed)
    }

    private static func unverified(claiming claimed: Policy?) -> Baseline {
        Baseline(policy: PolicyStrength.stricter(claimed ?? .defaults, .defaults), isVerified: false, claimed: claimed)
    }
}
