/// One `StateChanged` signal: an app's new state and why.
public struct AppStateChange: Sendable, Hashable {
    /// The app id.
    public let appID: String
    /// The new state.
    public let state: AppLockState
    /// What caused it.
    public let reason: AppLockReason

    public init(appID: String, state: AppLockState, reason: AppLockReason) {
        self.appID = appID
        self.state = state
        self.reason = reason
    }
}
