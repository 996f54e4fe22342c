/// A unique (`:1.42`) or well-known (`io.github.applock.AppLock1`) bus name.
public struct BusName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The validated string.
    public let rawValue: String

    /// Validates `string` with libdbus; throws DBusConnectionError/invalidValue(_:) when it is not a valid bus name.
    public init(_ string: String) throws(DBusConnectionError) {
        try NameValidation.validate(string, as: .busName)
        rawValue = string
    }

    init(unchecked string: String) {
        rawValue = string
    }

    public var description: String { rawValue }

    public static func < (lhs: BusName, rhs: BusName) -> Bool { lhs.rawValue < rhs.rawValue }
}
