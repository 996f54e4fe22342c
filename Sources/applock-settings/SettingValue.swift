/// A value as a row shows it: a switch's state, a whole number in the row's unit, a list of seconds, or a choice.
enum SettingValue: Equatable, Sendable {
    case toggle(Bool)
    case number(UInt32)
    case list([UInt32])
    /// The index of a choice.
    case choice(Int)

    /// Reads a lock-out schedule typed by the user (`60, 300, 900`); nil unless it is one or more whole numbers.
    static func schedule(from text: String) -> SettingValue? {
        let items = text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == " " }).map { UInt32($0) }
        guard !items.isEmpty, items.allSatisfy({ $0 != nil }) else { return nil }
        return .list(items.compactMap { $0 })
    }
}
