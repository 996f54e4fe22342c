import CDBus

/// A D-Bus message (owns one reference to a libdbus `DBusMessage`). Header fields are read on demand.
public final class Message: @unchecked Sendable, CustomStringConvertible {
    let raw: OpaquePointer

    /// Adopts a reference the caller already owns.
    init(adopting raw: OpaquePointer) {
        self.raw = raw
    }

    /// Takes a new reference.
    init(retaining raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
    }

    deinit { dbus_message_unref(raw) }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    public var type: MessageType {
        MessageType(rawValue: dbus_message_get_type(raw)) ?? .signal
    }

    public var path: ObjectPath? { Self.string(dbus_message_get_path(raw)).map { ObjectPath(unchecked: $0) } }
    public var interface: String? { Self.string(dbus_message_get_interface(raw)) }
    public var member: String? { Self.string(dbus_message_get_member(raw)) }
    public var sender: String? { Self.string(dbus_message_get_sender(raw)) }
    public var destination: String? { Self.string(dbus_message_get_destination(raw)) }
    public var errorName: String? { Self.string(dbus_message_get_error_name(raw)) }
    public var serial: UInt32 { dbus_message_get_serial(raw) }
    public var replySerial: UInt32 { dbus_message_get_reply_serial(raw) }
    public var signature: String { Self.string(dbus_message_get_signature(raw)) ?? "" }

    public var noReplyExpected: Bool {
        get { dbus_message_get_no_reply(raw) != 0 }
        set { dbus_message_set_no_reply(raw, newValue ? 1 : 0) }
    }

    /// Whether the bus may start (activate) the destination service for this call.
    public var autoStart: Bool {
        get { dbus_message_get_auto_start(raw) != 0 }
        set { dbus_message_set_auto_start(raw, newValue ? 1 : 0) }
    }

    /// Decodes the body.
    public func arguments() throws -> [DBusValue] {
        try ValueCodec.decodeArguments(of: raw)
    }

    /// The first argument when it is a string or object path (cheap: nothing else is decoded).
    public var firstStringArgument: String? {
        ValueCodec.firstString(of: raw).map { String(cString: $0) }
    }

    /// For an error reply: its name and (first string argument) message.
    public var error: DBusError? {
        guard type == .error else { return nil }
        return DBusError(name: errorName ?? "org.freedesktop.DBus.Error.Failed", message: firstStringArgument ?? "")
    }

    public var description: String {
        var text = "\(type)"
        if let sender { text += " sender=\(sender)" }
        if let destination { text += " destination=\(destination)" }
        if let path { text += " path=\(path)" }
        if let interface { text += " interface=\(interface)" }
        if let member { text += " member=\(member)" }
        if let errorName { text += " error=\(errorName)" }
        text += " signature=\"\(signature)\""
        return text
    }

    // MARK: Constructors

    /// A method call. `destination` nil sends to no one in particular (peer-to-peer only).
    public static func methodCall(
        destination: String?, path: ObjectPath, interface: String?, member: String, arguments: [DBusValue] = []
    ) throws -> Message {
        if let destination { try NameValidation.validate(destination, as: .busName) }
        if let interface { try NameValidation.validate(interface, as: .interface) }
        try NameValidation.validate(member, as: .member)
        let pointer = withOptionalCString(destination) { dest in
            path.rawValue.withCString { p in
                withOptionalCString(interface) { i in
                    member.withCString { m in dbus_message_new_method_call(dest, p, i, m) }
                }
            }
        }
        guard let pointer else { throw DBusConnectionError.invalidValue("out of memory") }
        let message = Message(adopting: pointer)
        try ValueCodec.append(arguments, to: pointer)
        return message
    }

    /// A signal.
    ///
    /// The body is written before the header's path, interface and member: libdbus rewrites the header's
    /// `SIGNATURE` field after every top-level argument, and that rewrite walks and re-marshals every header field
    /// there is. With only `SIGNATURE` in the header, a three-string signal costs about 40,000 instructions
    /// instead of 63,000 (callgrind, libdbus 1.14); the bytes on the wire differ only in the order of the header
    /// fields, which the D-Bus specification leaves free.
    public static func signal(
        path: ObjectPath, interface: String, member: String, arguments: [DBusValue] = []
    ) throws -> Message {
        try NameValidation.validate(interface, as: .interface)
        try NameValidation.validate(member, as: .member)
        guard let pointer = dbus_message_new(DBUS_MESSAGE_TYPE_SIGNAL) else {
            throw DBusConnectionError.invalidValue("out of memory")
        }
        let message = Message(adopting: pointer)
        try ValueCodec.append(arguments, to: pointer)
        let named = path.rawValue.withCString { dbus_message_set_path(pointer, $0) } != 0
            && interface.withCString { dbus_message_set_interface(pointer, $0) } != 0
            && member.withCString { dbus_message_set_member(pointer, $0) } != 0
        guard named else { throw DBusConnectionError.invalidValue("out of memory") }
        // As dbus_message_new_signal does: nobody answers a signal.
        dbus_message_set_no_reply(pointer, 1)
        return message
    }

    /// An unsent copy of this message (serial 0, not locked), or nil when out of memory: sending a message
    /// prepared once again costs about 700 instructions, building it through libdbus tens of thousands.
    public func copy() -> Message? {
        dbus_message_copy(raw).map { Message(adopting: $0) }
    }

    /// A method return answering this call.
    public func makeReply(_ arguments: [DBusValue] = []) throws -> Message {
        let reply = try emptyReply()
        try ValueCodec.append(arguments, to: reply.raw)
        return reply
    }

    /// A method return carrying one variant holding `value`: the reply to `Properties.Get`.
    public func makeReply(variant value: DBusValue) throws -> Message {
        let reply = try emptyReply()
        try ValueCodec.appendVariant(value, to: reply.raw)
        return reply
    }

    private func emptyReply() throws -> Message {
        guard let pointer = dbus_message_new_method_return(raw) else {
            throw DBusConnectionError.invalidValue("out of memory")
        }
        return Message(adopting: pointer)
    }

    /// An error reply answering this call. An invalid error name becomes `org.freedesktop.DBus.Error.Failed`.
    public func makeErrorReply(_ error: DBusError) -> Message? {
        let name = NameValidation.isValid(error.name, as: .errorName) ? error.name : "org.freedesktop.DBus.Error.Failed"
        let pointer = name.withCString { n in error.message.withCString { m in dbus_message_new_error(raw, n, m) } }
        return pointer.map { Message(adopting: $0) }
    }

    /// Sets the destination (for example to send a signal to one peer only).
    public func setDestination(_ destination: String?) throws {
        if let destination { try NameValidation.validate(destination, as: .busName) }
        let ok = withOptionalCString(destination) { dbus_message_set_destination(raw, $0) }
        guard ok != 0 else { throw DBusConnectionError.invalidValue("out of memory") }
    }
}

func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    if let string { return string.withCString { body($0) } }
    return body(nil)
}
