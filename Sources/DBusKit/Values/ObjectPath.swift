/// A D-Bus object path such as `/io/github/applock/AppLock1`.
public struct ObjectPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The validated string.
    public let rawValue: String

    /// Validates `string` with libdbus; throws DBusConnectionError/invalidValue(_:) when it is not a valid object path.
    public init(_ string: String) throws(DBusConnectionError) {
        try NameValidation.validate(string, as: .objectPath)
        rawValue = string
    }

    init(unchecked string: String) {
        rawValue = string
    }

    public var description: String { rawValue }

    public static func < (lhs: ObjectPath, rhs: ObjectPath) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The root path `/`.
    public static let root = ObjectPath(unchecked: "/")

    /// Appends one element (which must already be a valid path element).
    public func appending(_ element: String) throws(DBusConnectionError) -> ObjectPath {
        try ObjectPath(rawValue == "/" ? "/" + element : rawValue + "/" + element)
    }
}
