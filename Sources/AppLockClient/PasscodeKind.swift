/// The kinds of passcode the agent stores (SPEC "Passcodes"), with their local shape checks.
public enum PasscodeKind: String, Sendable, Hashable, CaseIterable {
    /// Exactly 4 ASCII digits.
    case fourDigit = "four-digit"
    /// Exactly 6 ASCII digits.
    case sixDigit = "six-digit"
    /// 4 to 32 ASCII digits.
    case numeric
    /// 4 to 128 bytes of printable UTF-8.
    case alphanumeric

    /// Whether a keypad (digits only) fits this kind.
    public var isNumeric: Bool { self != .alphanumeric }

    /// The exact length of a passcode of this kind, when it has one.
    public var fixedLength: Int? {
        switch self {
        case .fourDigit: 4
        case .sixDigit: 6
        case .numeric, .alphanumeric: nil
        }
    }

    /// Whether `passcode` has the shape of this kind (the agent's policy may still refuse it).
    public func accepts(_ passcode: String) -> Bool {
        let bytes = passcode.utf8
        switch self {
        case .fourDigit, .sixDigit, .numeric:
            guard bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
            if let fixedLength { return bytes.count == fixedLength }
            return (4...32).contains(bytes.count)
        case .alphanumeric:
            guard (4...128).contains(bytes.count) else { return false }
            return passcode.unicodeScalars.allSatisfy { scalar in
                switch scalar.properties.generalCategory {
                case .control, .lineSeparator, .paragraphSeparator: false
                default: true
                }
            }
        }
    }
}
