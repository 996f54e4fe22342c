public import AppLockProtocol

/// One entry of the agent's recent state changes (`GetRecentEvents`): an app, what it became, why, and when.
public struct RecentLockEvent: Sendable, Hashable {
    public let appID: AppID
    public let state: AppState
    public let reason: LockReason
    /// Microseconds since the Unix epoch.
    public let time: UInt64

    public init(appID: AppID, state: AppState, reason: LockReason, time: UInt64) {
        self.appID = appID
        self.state = state
        self.reason = reason
        self.time = time
    }
}
