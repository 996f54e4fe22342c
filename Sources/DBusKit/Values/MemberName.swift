/// A D-Bus method or signal name such as `GetAll`.
public struct MemberName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The validated string.
    public let rawValue: String

    /// Validates `string` with libdbus; throws DBusConnectionError/invalidValue(_:) when it is not a valid member name.
    public init(_ string: String) throws(DBusConnectionError) {
        try NameValidation.validate(string, as: .member)
        rawValue = string
    }

    init(unchecked string: String) {
        rawValue = string
    }

    public var description: String { rawValue }

    public static func < (lhs: MemberName, rhs: MemberName) -> Bool { lhs.rawValue < rhs.rawValue }
}
