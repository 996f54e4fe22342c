extension PolicyValue {
    /// The value as a keyfile spells it after `Key=` (`true`, `60`, `60,300`, `four-digit,six-digit`).
    public var keyFileText: String {
        switch self {
        case .bool(let flag): flag ? "true" : "false"
        case .uint32(let number): String(number)
        case .string(let text): text
        case .stringArray(let texts): texts.joined(separator: ",")
        case .uint32Array(let numbers): numbers.map(String.init).joined(separator: ",")
        }
    }

    /// Whether the value is a list with no items (a list key that sets nothing).
    var isEmptyList: Bool {
        switch self {
        case .stringArray(let items): items.isEmpty
        case .uint32Array(let items): items.isEmpty
        case .bool, .uint32, .string: false
        }
    }
}
