/// One entry of the agent's recent state changes (`GetRecentEvents`): an app, what it became, why, and when.
public struct RecentLockEvent: Sendable, Hashable {
    public let appID: String
    public let state: AppLockState
    public let reason: AppLockReason
    /// Microseconds since the Unix epoch.
    public let time: UInt64

    public init(appID: String, state: AppLockState, reason: AppLockReason, time: UInt64) {
        self.appID = appID
        self.state = state
        self.reason = reason
        self.time = time
    }
}
