/// One state change of one app, as the agent keeps it and `GetRecentEvents` returns it (Recent Locks shows them):
/// which app, what it became, why, and when. It holds no passcode and nothing typed by the user.
public struct RecentEvent: Sendable, Hashable {
    public var app: AppID
    public var state: AppState
    public var reason: LockReason
    /// Microseconds since the Unix epoch.
    public var time: UInt64

    public init(app: AppID, state: AppState, reason: LockReason, time: UInt64) {
        self.app = app
        self.state = state
        self.reason = reason
        self.time = time
    }
}
