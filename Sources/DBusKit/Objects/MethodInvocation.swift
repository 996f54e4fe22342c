import Synchronization

/// An incoming method call awaiting its reply. Reply at once or later; the first reply wins and later ones are
/// ignored. An invocation released without a reply answers `org.freedesktop.DBus.Error.Failed` ("no reply"), so
/// callers never hang. Calls flagged NO_REPLY_EXPECTED send nothing. Replies made off the loop thread are sent
/// from the loop thread.
public final class MethodInvocation: @unchecked Sendable {
    /// The call itself.
    public let message: Message
    /// The caller's unique name (empty on a peer-to-peer connection).
    public let sender: String
    public let path: ObjectPath
    /// The interface field of the call (nil when the caller left it out).
    public let interface: String?
    public let member: String
    /// The body signature, e.g. `ss`.
    public let signature: String
    /// The decoded arguments.
    public let arguments: [DBusValue]

    private let connection: RawConnection
    private let replied: Atomic<Bool>

    init(message: Message, path: ObjectPath, interface: String?, member: String, arguments: [DBusValue], connection: RawConnection) {
        self.message = message
        self.sender = message.sender ?? ""
        self.path = path
        self.interface = interface
        self.member = member
        self.signature = message.signature
        self.arguments = arguments
        self.connection = connection
        self.replied = Atomic(message.noReplyExpected)
    }

    deinit {
        if !replied.load(ordering: .acquiring) { fail(.failed("no reply")) }
    }

    /// True once a reply or error was sent (or none is expected).
    public var isReplied: Bool { replied.load(ordering: .acquiring) }

    private func claim() -> Bool {
        !replied.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Sends a method return with `values`. If they cannot be encoded, an error reply is sent instead.
    public func reply(_ values: [DBusValue] = []) {
        guard claim() else { return }
        do {
            connection.send(try message.makeReply(values))
        } catch {
            if let reply = message.makeErrorReply(.failed("cannot encode reply: \(error)")) { connection.send(reply) }
        }
    }

    /// Sends an error reply.
    public func fail(_ error: DBusError) {
        guard claim() else { return }
        if let reply = message.makeErrorReply(error) { connection.send(reply) }
    }

    /// True when the arguments have `signature`; otherwise answers InvalidArgs ("expected (ss), got (s)")
    /// and returns false.
    public func expect(_ signature: String) -> Bool {
        if self.signature == signature { return true }
        fail(.invalidArgs("expected (\(signature)), got (\(self.signature))"))
        return false
    }
}
