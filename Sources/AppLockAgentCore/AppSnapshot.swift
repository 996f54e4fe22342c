public import AppLockCore
public import AppLockProtocol

/// Everything the agent publishes about one application.
public struct AppSnapshot: Equatable, Sendable {
    public var appID: AppID
    public var state: AppState
    public var reason: LockReason
    /// The unique bus name of the registering connection, nil when not registered.
    public var owner: String?
    public var registered: Bool { owner != nil }
    public var hasPasscode: Bool { passcodeKind != nil }
    public var passcodeKind: PasscodeKind?
    /// Whether the app uses the AppLock passcode, one of its own, or none.
    public var passcodeSource: PasscodeSource
    public var inhibited: Bool
    public var failedAttempts: UInt32
    /// The failed attempts the passcode that protects the app allows before a lock-out (for the AppLock passcode, the
    /// strictest of its apps' policies); 0: never.
    public var maxFailedAttempts: UInt32
    /// When the next attempt is allowed (Unix µs); 0 when no lock-out is pending.
    public var retryAfter: UnixMicroseconds
    public var policy: Policy

    public init(appID: AppID, state: AppState, reason: LockReason, owner: String?, passcodeKind: PasscodeKind?,
                passcodeSource: PasscodeSource, inhibited: Bool, failedAttempts: UInt32, maxFailedAttempts: UInt32,
                retryAfter: UnixMicroseconds, policy: Policy) {
        self.appID = appID
        self.state = state
        self.reason = reason
        self.owner = owner
        self.passcodeKind = passcodeKind
        self.passcodeSource = passcodeSource
        self.inhibited = inhibited
        self.failedAttempts = failedAttempts
        self.maxFailedAttempts = maxFailedAttempts
        self.retryAfter = retryAfter
        self.policy = policy
    }
}
