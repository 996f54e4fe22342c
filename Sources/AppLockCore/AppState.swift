/// The lock state of one application, as SPEC spells it.
public enum AppState: String, Sendable, CaseIterable {
    case unlocked
    case obscured
    case locked
}
