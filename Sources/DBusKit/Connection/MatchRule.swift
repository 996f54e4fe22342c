import CDBus
import Glibc

/// A D-Bus match rule (`type='signal',sender='…',…`), sent to the bus with AddMatch and also applied locally.
public struct MatchRule: Sendable, Hashable, CustomStringConvertible {
    public var type: MessageType?
    public var sender: String?
    public var path: ObjectPath?
    public var pathNamespace: ObjectPath?
    public var interface: String?
    public var member: String?
    public var arg0: String?
    public var arg0Namespace: String?

    public init(
        type: MessageType? = .signal, sender: String? = nil, path: ObjectPath? = nil, pathNamespace: ObjectPath? = nil,
        interface: String? = nil, member: String? = nil, arg0: String? = nil, arg0Namespace: String? = nil
    ) {
        self.type = type
        self.sender = sender
        self.path = path
        self.pathNamespace = pathNamespace
        self.interface = interface
        self.member = member
        self.arg0 = arg0
        self.arg0Namespace = arg0Namespace
    }

    public var description: String {
        var parts: [String] = []
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            parts.append(key + "=" + Self.quote(value))
        }
        if let type {
            let name = switch type {
            case .methodCall: "method_call"
            case .methodReturn: "method_return"
            case .error: "error"
            case .signal: "signal"
            }
            add("type", name)
        }
        add("sender", sender)
        add("path", path?.rawValue)
        add("path_namespace", pathNamespace?.rawValue)
        add("interface", interface)
        add("member", member)
        add("arg0", arg0)
        add("arg0namespace", arg0Namespace)
        return parts.joined(separator: ",")
    }

    /// Quotes a value per the D-Bus spec: apostrophes are written as `'\''`.
    static func quote(_ value: String) -> String {
        var result = "'"
        for scalar in value.unicodeScalars {
            if scalar == "'" { result += "'\\''" } else { result.unicodeScalars.append(scalar) }
        }
        return result + "'"
    }

    private static func equal(_ pointer: UnsafePointer<CChar>?, _ expected: String) -> Bool {
        guard let pointer else { return false }
        return expected.withCString { strcmp($0, pointer) == 0 }
    }

    private static func inNamespace(_ pointer: UnsafePointer<CChar>?, _ namespace: String, separator: UInt8) -> Bool {
        guard let pointer else { return false }
        return namespace.withCString { ns -> Bool in
            let length = strlen(ns)
            guard strncmp(ns, pointer, length) == 0 else { return false }
            let next = UInt8(bitPattern: pointer[length])
            return next == 0 || next == separator || (separator == UInt8(ascii: "/") && length == 1)
        }
    }

    /// Local filtering of an incoming message. A well-known `sender` is compared with `senderOwner`
    /// (the name's current unique owner) when known; otherwise the bus's routing is trusted.
    func matches(_ message: OpaquePointer, senderOwner: String?) -> Bool {
        if let type, dbus_message_get_type(message) != type.rawValue { return false }
        if let member, !Self.equal(dbus_message_get_member(message), member) { return false }
        if let interface, !Self.equal(dbus_message_get_interface(message), interface) { return false }
        if let path, !Self.equal(dbus_message_get_path(message), path.rawValue) { return false }
        if let pathNamespace, !Self.inNamespace(dbus_message_get_path(message), pathNamespace.rawValue, separator: UInt8(ascii: "/")) {
            return false
        }
        if let sender {
            let actual = dbus_message_get_sender(message)
            if sender.hasPrefix(":") || sender == "org.freedesktop.DBus" {
                if !Self.equal(actual, sender) { return false }
            } else if let senderOwner, !Self.equal(actual, senderOwner) {
                return false
            }
        }
        if arg0 != nil || arg0Namespace != nil {
            let first = ValueCodec.firstString(of: message)
            if let arg0, !Self.equal(first, arg0) { return false }
            if let arg0Namespace, !Self.inNamespace(first, arg0Namespace, separator: UInt8(ascii: ".")) { return false }
        }
        return true
    }
}
