/// Why a string is not a valid application id; `description` names the problem.
public enum AppIDError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(bytes: Int)
    case startsWithDot
    case startsWithDash
    case invalidCharacter(Character)

    public var description: String {
        switch self {
        case .empty: "app id must not be empty"
        case .tooLong(let bytes): "app id must be at most \(AppID.maxBytes) bytes, not \(bytes)"
        case .startsWithDot: "app id must not start with a dot"
        case .startsWithDash: "app id must not start with a dash"
        case .invalidCharacter(let c):
            "app id may only contain A-Z a-z 0-9 . _ + -, not \(c.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined())"
        }
    }
}
