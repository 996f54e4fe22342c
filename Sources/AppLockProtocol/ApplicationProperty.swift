/// The read-only properties of `io.github.applock.AppLock1.Application`, in the order the agent lists them; the raw
/// value is the D-Bus name. Every change is announced with `PropertiesChanged`.
public enum ApplicationProperty: String, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    /// The desktop-file id.
    case appID = "AppId"
    /// `unlocked`, `obscured` or `locked`.
    case state = "State"
    /// Why the app is in its state.
    case reason = "Reason"
    /// A live connection has registered the app.
    case registered = "Registered"
    /// A passcode hash is stored.
    case hasPasscode = "HasPasscode"
    /// The passcode's kind, `""` without one.
    case passcodeKind = "PasscodeKind"
    /// Which passcode protects the app: `shared` (the AppLock passcode), `own` or `none`.
    case passcodeSource = "PasscodeSource"
    /// Consecutive failed attempts (of the AppLock passcode, through any app, for an app that uses it).
    case failedAttempts = "FailedAttempts"
    /// The failed attempts allowed before a lock-out by the passcode that protects the app (for the AppLock passcode,
    /// the strictest of its apps' policies); 0: never.
    case maxFailedAttempts = "MaxFailedAttempts"
    /// Unix time in µs when the next attempt is allowed; 0 when none is pending.
    case retryAfter = "RetryAfter"
    /// An inhibitor is held on the app.
    case inhibited = "Inhibited"
    /// The effective policy, key to value.
    case policy = "Policy"

    /// The D-Bus property name.
    public var name: String { rawValue }

    public var description: String { rawValue }

    public var contract: PropertyContract {
        switch self {
        case .appID, .state, .reason, .passcodeKind, .passcodeSource: PropertyContract("s")
        case .registered, .hasPasscode, .inhibited: PropertyContract("b")
        case .failedAttempts, .maxFailedAttempts: PropertyContract("u")
        case .retryAfter: PropertyContract("t")
        case .policy: PropertyContract("a{sv}")
        }
    }
}
