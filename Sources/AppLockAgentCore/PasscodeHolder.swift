public import AppLockProtocol

/// Whose passcode protects an app: its own, or the AppLock passcode many apps share. Failed attempts count per
/// holder (one lock-out for every app that uses the AppLock passcode), and passcode operations run one at a time
/// per holder.
public enum PasscodeHolder: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The app's own passcode.
    case app(AppID)
    /// The AppLock passcode.
    case shared

    public var description: String {
        switch self {
        case .app(let app): app.rawValue
        case .shared: "the AppLock passcode"
        }
    }
}
