/// A D-Bus error: a name such as `org.freedesktop.DBus.Error.UnknownMethod` and a human-readable message.
public struct DBusError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { message.isEmpty ? name : "\(name): \(message)" }

    private static let prefix = "org.freedesktop.DBus.Error."

    private static func standard(_ suffix: String, _ message: String) -> DBusError {
        DBusError(name: prefix + suffix, message: message)
    }

    public static func failed(_ message: String) -> DBusError { standard("Failed", message) }
    public static func invalidArgs(_ message: String) -> DBusError { standard("InvalidArgs", message) }
    public static func unknownMethod(_ message: String = "Unknown method") -> DBusError { standard("UnknownMethod", message) }
    public static func unknownObject(_ message: String = "Unknown object") -> DBusError { standard("UnknownObject", message) }
    public static func unknownInterface(_ message: String = "Unknown interface") -> DBusError {
        standard("UnknownInterface", message)
    }
    public static func unknownProperty(_ message: String = "Unknown property") -> DBusError {
        standard("UnknownProperty", message)
    }
    public static func propertyReadOnly(_ message: String = "Property is read-only") -> DBusError {
        standard("PropertyReadOnly", message)
    }
    public static func accessDenied(_ message: String = "Access denied") -> DBusError { standard("AccessDenied", message) }
    public static func noReply(_ message: String = "No reply") -> DBusError { standard("NoReply", message) }
    public static func timeout(_ message: String = "Timed out") -> DBusError { standard("Timeout", message) }
    public static func serviceUnknown(_ message: String = "Service unknown") -> DBusError {
        standard("ServiceUnknown", message)
    }
    public static func nameHasNoOwner(_ message: String = "Name has no owner") -> DBusError {
        standard("NameHasNoOwner", message)
    }
    public static func disconnected(_ message: String = "Not connected") -> DBusError { standard("Disconnected", message) }
    public static func noMemory(_ message: String = "Out of memory") -> DBusError { standard("NoMemory", message) }

    public static var unknownMethod: DBusError { unknownMethod() }
    public static var unknownObject: DBusError { unknownObject() }
    public static var unknownInterface: DBusError { unknownInterface() }
    public static var unknownProperty: DBusError { unknownProperty() }
    public static var propertyReadOnly: DBusError { propertyReadOnly() }
    public static var accessDenied: DBusError { accessDenied() }
    public static var noReply: DBusError { noReply() }
    public static var timeout: DBusError { timeout() }
    public static var serviceUnknown: DBusError { serviceUnknown() }
    public static var nameHasNoOwner: DBusError { nameHasNoOwner() }
    public static var disconnected: DBusError { disconnected() }
}
