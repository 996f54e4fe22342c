/// What an application must show, as SPEC spells it: its content, a plain cover, or its lock screen.
public enum AppState: String, Sendable, Hashable, CaseIterable {
    /// Content may be shown.
    case unlocked
    /// Content hidden behind a plain cover; no passcode needed, it clears itself when its cause ends.
    case obscured
    /// The lock screen: the passcode is required.
    case locked
}
