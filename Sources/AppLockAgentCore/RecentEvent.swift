public import AppLockCore
public import AppLockProtocol

/// One state change of one app, as Recent Locks shows it: which app, what it became, why, and when. It holds no
/// passcode and nothing typed by the user.
public struct RecentEvent: Equatable, Sendable {
    public var app: AppID
    public var state: AppState
    public var reason: LockReason
    public var time: UnixMicroseconds

    public init(app: AppID, state: AppState, reason: LockReason, time: UnixMicroseconds) {
        self.app = app
        self.state = state
        self.reason = reason
        self.time = time
    }
}
