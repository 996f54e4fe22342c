public import AppLockProtocol

/// Every policy source the agent has loaded: defaults ← base ← per-app, then clamped by mandatory.
public struct PolicySet: Equatable, Sendable {
    /// The user's `applock.conf` `[Policy]` (`AppLockPolicyStore` says where it is).
    public var base: PolicyOverrides
    /// The user's `apps.d/<app_id>.conf` `[Policy]`, by app.
    public var perApp: [AppID: PolicyOverrides]
    /// `/etc/applock/policy.conf` `[Mandatory]`.
    public var mandatory: MandatoryPolicy

    public init(base: PolicyOverrides = PolicyOverrides(), perApp: [AppID: PolicyOverrides] = [:],
                mandatory: MandatoryPolicy = MandatoryPolicy()) {
        self.base = base
        self.perApp = perApp
        self.mandatory = mandatory
    }

    /// Every app whose policy in force says `Guard=true`: the per-app files and the mandatory list (with
    /// `Guard=true` in the base file, every app with a per-app file).
    public var guardedApps: Set<AppID> {
        var apps = Set(mandatory.guardedApps ?? [])
        for app in perApp.keys where effectivePolicy(for: app).guarded { apps.insert(app) }
        return apps
    }

    /// Each guarded app (``guardedApps``) with what makes the guard report it `background`.
    public var guardedAppRules: [AppID: BackgroundRule] {
        Dictionary(uniqueKeysWithValues: guardedApps.map { ($0, effectivePolicy(for: $0).backgroundWhen) })
    }

    /// The policy a new AppLock passcode is held to before any app uses it: the user's `applock.conf`, clamped by the
    /// administrator's limits.
    public var sharedPasscodePolicy: Policy {
        base.applied(to: .defaults).clamped(by: mandatory)
    }

    /// The policy in force for `app`.
    public func effectivePolicy(for app: AppID) -> Policy {
        var p = base.applied(to: .defaults)
        if let o = perApp[app] { p = o.applied(to: p) }
        return p.clamped(by: mandatory, for: app)
    }
}
