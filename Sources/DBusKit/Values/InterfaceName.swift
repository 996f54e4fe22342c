/// A D-Bus interface name such as `org.freedesktop.DBus.Properties`.
public struct InterfaceName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The validated string.
    public let rawValue: String

    /// Validates `string` with libdbus; throws DBusConnectionError/invalidValue(_:) when it is not a valid interface name.
    public init(_ string: String) throws(DBusConnectionError) {
        try NameValidation.validate(string, as: .interface)
        rawValue = string
    }

    init(unchecked string: String) {
        rawValue = string
    }

    public var description: String { rawValue }

    public static func < (lhs: InterfaceName, rhs: InterfaceName) -> Bool { lhs.rawValue < rhs.rawValue }
}
