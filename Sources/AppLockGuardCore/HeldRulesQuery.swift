import AppLockCore
import AppLockProtocol

/// A question to the agent about held `Guard`/`BackgroundWhen`/`HideNotifications` changes, while its answers come in.
struct HeldRulesQuery: Sendable {
    let generation: Int
    var waiting: Set<AppID> = []
    var rules: [AppID: BackgroundRule] = [:]
    /// The `HideNotifications` of the agent's policy for each app asked about.
    var hideNotifications: [AppID: Bool] = [:]
}
