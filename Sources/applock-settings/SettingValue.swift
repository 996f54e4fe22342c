/// A value as a row shows it: a switch's state, a whole number (a duration's in seconds), a list of seconds, or a
/// choice.
enum SettingValue: Equatable, Sendable {
    case toggle(Bool)
    case number(UInt32)
    case list([UInt32])
    /// The index of a choice.
    case choice(Int)
}
