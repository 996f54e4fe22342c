public import AppLockProtocol

/// One `StateChanged` signal: an app's new state and why.
public struct AppStateChange: Sendable, Hashable {
    /// The app id.
    public let appID: AppID
    /// The new state.
    public let state: AppState
    /// What caused it.
    public let reason: LockReason

    public init(appID: AppID, state: AppState, reason: LockReason) {
        self.appID = appID
        self.state = state
        self.reason = reason
    }
}
