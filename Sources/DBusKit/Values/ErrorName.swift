/// A D-Bus error name such as `org.freedesktop.DBus.Error.Failed`.
public struct ErrorName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The validated string.
    public let rawValue: String

    /// Validates `string` with libdbus; throws DBusConnectionError/invalidValue(_:) when it is not a valid error name.
    public init(_ string: String) throws(DBusConnectionError) {
        try NameValidation.validate(string, as: .errorName)
        rawValue = string
    }

    init(unchecked string: String) {
        rawValue = string
    }

    public var description: String { rawValue }

    public static func < (lhs: ErrorName, rhs: ErrorName) -> Bool { lhs.rawValue < rhs.rawValue }
}
