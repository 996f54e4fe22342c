/// Why a passcode is not acceptable; `description` never contains the passcode.
public enum PasscodeRuleError: Error, Equatable, Sendable, CustomStringConvertible {
    case kindNotAllowed(PasscodeKind)
    case notDigits(PasscodeKind)
    case wrongLength(PasscodeKind, expected: Int)
    case tooShort(minimum: Int)
    case tooLong(maximum: Int, unit: String)
    case controlCharacter
    case empty

    public var description: String {
        switch self {
        case .kindNotAllowed(let kind): "passcode kind \(kind.rawValue) is not allowed by policy"
        case .notDigits(let kind): "a \(kind.rawValue) passcode may contain only the digits 0-9"
        case .wrongLength(let kind, let expected): "a \(kind.rawValue) passcode must be exactly \(expected) digits"
        case .tooShort(let minimum): "the passcode must be at least \(minimum) characters long"
        case .tooLong(let maximum, let unit): "the passcode must be at most \(maximum) \(unit)"
        case .controlCharacter: "the passcode must not contain control or invisible formatting characters"
        case .empty: "the passcode must not be empty"
        }
    }
}
