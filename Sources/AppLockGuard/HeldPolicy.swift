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
}
