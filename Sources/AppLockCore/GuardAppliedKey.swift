/// The policy keys `applock-guard` applies itself, reading them from the files and, for an app whose weakening of
/// them the agent holds, from the agent's authenticated policy. Exhaustive on purpose: a key added here does not
/// compile until the guard reads it from the agent's answer (`HeldPolicy`) and applies it (docs/ARCHITECTURE.md,
/// "Add a policy key").
public enum GuardAppliedKey: CaseIterable, Sendable {
    case guarded, backgroundWhen, hideNotifications

    /// The key in the policy files and on the bus.
    public var key: PolicyKey {
        switch self {
        case .guarded: .guarded
        case .backgroundWhen: .backgroundWhen
        case .hideNotifications: .hideNotifications
        }
    }
}
