import Glibc

/// A connection to sway's IPC socket (`$SWAYSOCK`), i3-ipc framing: the magic `i3-ipc`, the payload's length and
/// the message type as native 32-bit integers, then the JSON payload. Requests block until their reply (sway
/// answers at once). A connection that subscribed to events is read with ``readEvents()`` when its descriptor is
/// readable; use a second connection for requests.
public final class SwayIPC {
    /// The request types the guard uses.
    public enum MessageType: UInt32, Sendable {
        case runCommand = 0
        case subscribe = 2
        case getTree = 4
    }

    private static let magic = Array("i3-ipc".utf8)
    private static let headerSize = 14
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to the socket at `path`.
    public init(socketPath path: String) throws(SwayIPCError) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SwayIPCError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw SwayIPCError("the socket path is too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SwayIPCError("cannot connect to sway at \(path): \(reason)")
        }
    }

    deinit { close(fd) }

    /// The socket, for an event loop to watch.
    public var fileDescriptor: Int32 { fd }

    /// Sends a request and returns its reply's payload.
    public func request(_ type: MessageType, _ payload: String = "") throws(SwayIPCError) -> [UInt8] {
        try send(type, payload)
        while true {
            let (replyType, body) = try readMessage(blocking: true)!
            if replyType == type.rawValue { return body }
        }
    }

    /// The whole tree (`get_tree`).
    public func tree() throws(SwayIPCError) -> SwayNode {
        try SwayNode(JSONValue.parse(try request(.getTree)))
    }

    /// Runs sway commands (`;`-separated, criteria allowed); throws with sway's own words when one fails.
    public func command(_ text: String) throws(SwayIPCError) {
        let outcomes = try JSONValue.parse(try request(.runCommand, text)).array ?? []
        if let failed = outcomes.first(where: { $0["success"]?.bool != true }) {
            throw SwayIPCError("sway refused \"\(text)\": \(failed["error"]?.string ?? "no reason given")")
        }
    }

    /// Subscribes this connection to sway's events (e.g. `["window", "workspace"]`), then makes it non-blocking.
    public func subscribe(_ events: [String]) throws(SwayIPCError) {
        let list = events.map { "\"\($0)\"" }.joined(separator: ",")
        let body = try request(.subscribe, "[\(list)]")
        guard String(decoding: body, as: UTF8.self).contains("true") else {
            throw SwayIPCError("sway refused the subscription: \(String(decoding: body, as: UTF8.self))")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// One event sway sent: its type (the high bit cleared) and its JSON payload.
    public struct Event: Sendable {
        /// A binding ran (`binding`, subscribed as "binding").
        public static let binding: UInt32 = 5
        public let type: UInt32
        public let payload: [UInt8]

        /// For a ``binding`` event: the command of the binding that ran (`nop applock-lock-all`).
        public var bindingCommand: String? {
            guard type == Self.binding else { return nil }
            return (try? JSONValue.parse(payload))?["binding"]?["command"]?.string
        }
    }

    /// The events that have arrived (without blocking); throws when sway has gone.
    public func readEvents() throws(SwayIPCError) -> [Event] {
        var events: [Event] = []
        while let (type, payload) = try readMessage(blocking: false) {
            events.append(Event(type: type & 0x7fff_ffff, payload: payload))
        }
        return events
    }

    /// Blocks until an event can be read or `milliseconds` pass; false on timeout.
    public func waitReadable(milliseconds: Int32) -> Bool {
        if buffer.count >= Self.headerSize { return true }
        var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pending, 1, milliseconds) > 0
    }

    private func send(_ type: MessageType, _ payload: String) throws(SwayIPCError) {
        var message = Self.magic
        withUnsafeBytes(of: UInt32(payload.utf8.count)) { message += $0 }
        withUnsafeBytes(of: type.rawValue) { message += $0 }
        message += Array(payload.utf8)
        var sent = 0
        while sent < message.count {
            let n = message.withUnsafeBytes { write(fd, $0.baseAddress! + sent, $0.count - sent) }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN {
                var pending = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pending, 1, 1000)
                continue
            }
            guard n > 0 else { throw SwayIPCError("sway's socket closed: \(String(cString: strerror(errno)))") }
            sent += n
        }
    }

    /// One whole message from the buffer, reading more as needed; nil when none is complete and `blocking` is false.
    private func readMessage(blocking: Bool) throws(SwayIPCError) -> (UInt32, [UInt8])? {
        while true {
            if buffer.count >= Self.headerSize {
                guard Array(buffer[0..<6]) == Self.magic else { throw SwayIPCError("sway sent a malformed message") }
                let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 6, as: UInt32.self) })
                let type = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 10, as: UInt32.self) }
                if buffer.count >= Self.headerSize + length {
                    let body = Array(buffer[Self.headerSize..<(Self.headerSize + length)])
                    buffer.removeFirst(Self.headerSize + length)
                    return (type, body)
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n > 0 {
                buffer += chunk[0..<n]
                continue
            }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                guard blocking else { return nil }
                var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&pending, 1, 5000)
                continue
            }
            throw SwayIPCError("sway's socket closed")
        }
    }
}
