/// What screen sharing or recording does to an app (policy key `LockOnScreenShare`), from the weakest to the
/// strictest: the order of ``allCases`` is the order of strictness.
public enum ScreenShareRule: String, Sendable, CaseIterable {
    /// Sharing changes nothing.
    case off
    /// While the screen is shared, the app is `obscured` (covered, no passcode needed); it comes back when sharing
    /// ends. The default.
    case obscure
    /// Sharing locks the app (an app without a passcode is obscured); it stays locked until it is unlocked.
    case lock
}
