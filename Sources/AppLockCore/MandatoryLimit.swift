/// What the administrator's `[Mandatory]` value does to one key, as a settings screen shows it.
public enum MandatoryLimit: Equatable, Sendable {
    /// The key has this value whatever the user chooses.
    case fixed(PolicyValue)
    /// The key is at most this number (0 for a key where 0 means never is not allowed).
    case atMost(UInt32)
}
