public import AppLockCore

/// What the agent's authenticated policy says of one app whose change it holds (`GetHeldPolicyChanges`): the values
/// the guard applies, each nil when the agent's answer does not say it.
public struct HeldPolicy: Sendable, Equatable {
    /// `Guard`.
    public var guarded: Bool?
    /// `BackgroundWhen`.
    public var backgroundRule: BackgroundRule?
    /// `HideNotifications`.
    public var hidesNotifications: Bool?

    public init(guarded: Bool? = nil, backgroundRule: BackgroundRule? = nil, hidesNotifications: Bool? = nil) {
        self.guarded = guarded
        self.backgroundRule = backgroundRule
        self.hidesNotifications = hidesNotifications
    }

    /// What the agent's policy for the app (its `Policy` property) says of each key the guard applies; a value of
    /// the wrong type says nothing.
    public init(agentPolicy: [String: PolicyValue]) {
        for applied in GuardAppliedKey.allCases {
            let value = agentPolicy[applied.key.name]
            switch applied {
            case .guarded:
                if case .bool(let guarded)? = value { self.guarded = guarded }
            case .backgroundWhen:
                if case .string(let rule)? = value { backgroundRule = BackgroundRule(keyFileValue: rule) }
            case .hideNotifications:
                if case .bool(let hide)? = value { hidesNotifications = hide }
            }
        }
    }
}
