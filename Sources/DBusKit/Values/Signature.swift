/// A D-Bus type signature such as `a{sv}`.
public struct Signature: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The validated string.
    public let rawValue: String

    /// Validates `string` with libdbus; throws DBusConnectionError/invalidValue(_:) when it is not a valid signature.
    public init(_ string: String) throws(DBusConnectionError) {
        try NameValidation.validate(string, as: .signature)
        rawValue = string
    }

    init(unchecked string: String) {
        rawValue = string
    }

    public var description: String { rawValue }

    public static func < (lhs: Signature, rhs: Signature) -> Bool { lhs.rawValue < rhs.rawValue }
}
