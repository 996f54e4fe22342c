/// Which passcode protects an app, as its `PasscodeSource` property says; the raw value is the wire string.
public enum PasscodeSource: String, Sendable, CaseIterable, Hashable {
    /// The AppLock passcode, shared with other apps.
    case shared
    /// A passcode of its own.
    case own
    /// No passcode.
    case none
}
