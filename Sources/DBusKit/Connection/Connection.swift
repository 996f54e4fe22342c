import CDBus
import Glibc
public import SystemKit

/// A private connection to a message bus.
///
/// Loop mode (``session(loop:)``, ``system(loop:)``, ``address(_:loop:)``): libdbus's watches, timeouts and
/// dispatching run on the ``EventLoop`` thread, and every handler is called there. Use the connection only on
/// that thread.
///
/// Blocking mode (``session()``, ``system()``, ``address(_:)``): one thread drives it with ``call(_:timeout:)``,
/// ``nextSignal(timeout:)``, ``waitForSignal(timeout:where:)`` and ``processEvents(timeout:)``.
public final class Connection {
    struct MatchEntry {
        var rule: MatchRule
        var handler: ((Message) -> Void)?
    }

    let raw: RawConnection
    /// The event loop in loop mode, nil in blocking mode.
    public let loop: EventLoop?
    var pointer: OpaquePointer { raw.pointer }
    private(set) var isClosed = false

    /// Our unique name on the bus, e.g. `:1.42`.
    public let uniqueName: String
    /// Called when the bus takes away a name we owned (NameLost).
    public var onNameLost: (() -> Void)?
    /// Called with the lost name when the bus takes away a name we owned.
    public var onNameLostNamed: ((String) -> Void)?
    /// Called once when the connection to the bus is lost.
    public var onDisconnected: (() -> Void)?

    var ownedNames: Set<String> = []
    var nextMatchID: UInt64 = 1
    var matchIDs: [UInt64] = []
    var matches: [UInt64: MatchEntry] = [:]
    var nameOwners: [String: String] = [:]
    var ownerWatchCounts: [String: Int] = [:]
    var peerLeftHandlers: [(String) -> Void] = []
    var peerLeftToken: MatchToken?
    var signalQueue: [Message] = []
    var signalQueueHead = 0
    var dispatchScheduled = false
    var disconnectedReported = false

    var objects: [String: any ExportedObject] = [:]
    var objectManagerPaths: Set<String> = []

    // MARK: Opening

    /// Loop mode on the session bus (`DBUS_SESSION_BUS_ADDRESS`).
    public static func session(loop: EventLoop) throws -> Connection { try bus(DBUS_BUS_SESSION, loop: loop) }
    /// Loop mode on the system bus.
    public static func system(loop: EventLoop) throws -> Connection { try bus(DBUS_BUS_SYSTEM, loop: loop) }
    /// Loop mode on the bus at `address`.
    public static func address(_ address: String, loop: EventLoop) throws -> Connection {
        try open(address: address, loop: loop)
    }
    /// Blocking mode on the session bus.
    public static func session() throws -> Connection { try bus(DBUS_BUS_SESSION, loop: nil) }
    /// Blocking mode on the system bus.
    public static func system() throws -> Connection { try bus(DBUS_BUS_SYSTEM, loop: nil) }
    /// Blocking mode on the bus at `address`.
    public static func address(_ address: String) throws -> Connection { try open(address: address, loop: nil) }

    private static func bus(_ type: DBusBusType, loop: EventLoop?) throws -> Connection {
        loop?.preconditionInLoop()
        let (pointer, error) = CErrorScope.run { dbus_bus_get_private(type, $0) }
        guard let pointer else {
            throw DBusConnectionError.cannotConnect(error ?? .failed("dbus_bus_get_private failed"))
        }
        return Connection(pointer, loop: loop)
    }

    private static func open(address: String, loop: EventLoop?) throws -> Connection {
        loop?.preconditionInLoop()
        let (opened, error) = CErrorScope.run { cError in
            address.withCString { dbus_connection_open_private($0, cError) }
        }
        guard let opened else {
            throw DBusConnectionError.cannotConnect(error ?? .failed("dbus_connection_open_private failed"))
        }
        let (registered, registerError) = CErrorScope.run { dbus_bus_register(opened, $0) }
        guard registered != 0 else {
            dbus_connection_close(opened)
            dbus_connection_unref(opened)
            throw DBusConnectionError.cannotConnect(registerError ?? .failed("Hello failed"))
        }
        return Connection(opened, loop: loop)
    }

    private init(_ pointer: OpaquePointer, loop: EventLoop?) {
        raw = RawConnection(adopting: pointer, loop: loop)
        self.loop = loop
        uniqueName = dbus_bus_get_unique_name(pointer).map { String(cString: $0) } ?? ""
        dbus_connection_set_exit_on_disconnect(pointer, 0)
        let me = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_add_filter(pointer, filterTrampoline, me, nil)
        if loop != nil {
            dbus_connection_set_watch_functions(
                pointer, addWatchTrampoline, removeWatchTrampoline, toggleWatchTrampoline, me, nil)
            dbus_connection_set_timeout_functions(
                pointer, addTimeoutTrampoline, removeTimeoutTrampoline, toggleTimeoutTrampoline, me, nil)
            dbus_connection_set_wakeup_main_function(pointer, wakeUpTrampoline, me, nil)
            dbus_connection_set_dispatch_status_function(pointer, dispatchStatusTrampoline, me, nil)
            if dbus_connection_get_dispatch_status(pointer) == DBUS_DISPATCH_DATA_REMAINS { scheduleDispatch() }
        }
    }

    deinit {
        close()
    }

    /// Closes the connection; handlers are no longer called. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        let me = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_remove_filter(pointer, filterTrampoline, me)
        if loop != nil {
            dbus_connection_set_dispatch_status_function(pointer, nil, nil, nil)
            dbus_connection_set_wakeup_main_function(pointer, nil, nil, nil)
            dbus_connection_set_watch_functions(pointer, nil, nil, nil, nil, nil)
            dbus_connection_set_timeout_functions(pointer, nil, nil, nil, nil, nil)
        }
        dbus_connection_close(pointer)
    }

    /// Whether the transport is still connected.
    public var isConnected: Bool { !isClosed && dbus_connection_get_is_connected(pointer) != 0 }

    /// Bytes queued for sending and not yet written.
    public var outgoingQueueBytes: Int { Int(dbus_connection_get_outgoing_size(pointer)) }

    /// The most bytes of incoming messages libdbus holds ahead of dispatching them (its default is 63 MiB). Beyond it,
    /// it stops reading the socket until the loop has caught up, so a flood waits in the bus daemon, not here.
    public var readAheadLimit: Int {
        get { Int(dbus_connection_get_max_received_size(pointer)) }
        set { dbus_connection_set_max_received_size(pointer, newValue) }
    }

    /// Whether Unix file descriptors can be passed on this connection.
    public var canPassUnixFDs: Bool { dbus_connection_can_send_type(pointer, Int32(UInt8(ascii: "h"))) != 0 }

    // MARK: Loop integration (called from Trampolines)

    func addWatch(_ watch: OpaquePointer) {
        let state = LibdbusWatch(watch)
        dbus_watch_set_data(watch, Unmanaged.passRetained(state).toOpaque(), releaseObjectTrampoline)
        if dbus_watch_get_enabled(watch) != 0 { enable(state) }
    }

    private func enable(_ state: LibdbusWatch) {
        guard let loop, state.handle == nil else { return }
        let flags = dbus_watch_get_flags(state.watch)
        let watch = state.watch
        state.handle = loop.watch(
            fd: dbus_watch_get_unix_fd(watch),
            readable: flags & DBUS_WATCH_READABLE.rawValue != 0,
            writable: flags & DBUS_WATCH_WRITABLE.rawValue != 0
        ) { [unowned self] events in
            var cFlags: UInt32 = 0
            if events.contains(.readable) { cFlags |= DBUS_WATCH_READABLE.rawValue }
            if events.contains(.writable) { cFlags |= DBUS_WATCH_WRITABLE.rawValue }
            if events.contains(.error) { cFlags |= DBUS_WATCH_ERROR.rawValue }
            if events.contains(.hangup) { cFlags |= DBUS_WATCH_HANGUP.rawValue }
            _ = dbus_watch_handle(watch, cFlags)
            if !self.isClosed && dbus_connection_get_dispatch_status(self.pointer) == DBUS_DISPATCH_DATA_REMAINS {
                self.scheduleDispatch()
            }
        }
    }

    private func watchState(_ watch: OpaquePointer) -> LibdbusWatch? {
        dbus_watch_get_data(watch).map { Unmanaged<LibdbusWatch>.fromOpaque($0).takeUnretainedValue() }
    }

    func removeWatch(_ watch: OpaquePointer) {
        guard let state = watchState(watch), let handle = state.handle else { return }
        loop?.unwatch(handle)
        state.handle = nil
    }

    func toggleWatch(_ watch: OpaquePointer) {
        guard let state = watchState(watch) else { return }
        if dbus_watch_get_enabled(watch) != 0 {
            enable(state)
        } else if let handle = state.handle {
            loop?.unwatch(handle)
            state.handle = nil
        }
    }

    func addTimeout(_ timeout: OpaquePointer) {
        let state = LibdbusTimeout(timeout)
        state.active = true
        dbus_timeout_set_data(timeout, Unmanaged.passRetained(state).toOpaque(), releaseObjectTrampoline)
        if dbus_timeout_get_enabled(timeout) != 0 { arm(state) }
    }

    private func arm(_ state: LibdbusTimeout) {
        guard let loop, state.handle == nil else { return }
        let interval = UInt64(max(0, dbus_timeout_get_interval(state.timeout)))
        let deadline = EventLoop.bootTimeNanoseconds() &+ interval &* 1_000_000
        state.handle = loop.schedule(at: .bootTime(nanoseconds: deadline)) { [unowned self] in
            state.handle = nil
            _ = dbus_timeout_handle(state.timeout)
            if state.active && dbus_timeout_get_enabled(state.timeout) != 0 { self.arm(state) }
            if !self.isClosed && dbus_connection_get_dispatch_status(self.pointer) == DBUS_DISPATCH_DATA_REMAINS {
                self.scheduleDispatch()
            }
        }
    }

    private func timeoutState(_ timeout: OpaquePointer) -> LibdbusTimeout? {
        dbus_timeout_get_data(timeout).map { Unmanaged<LibdbusTimeout>.fromOpaque($0).takeUnretainedValue() }
    }

    func removeTimeout(_ timeout: OpaquePointer) {
        guard let state = timeoutState(timeout) else { return }
        state.active = false
        if let handle = state.handle { loop?.cancel(handle) }
        state.handle = nil
    }

    func toggleTimeout(_ timeout: OpaquePointer) {
        guard let state = timeoutState(timeout) else { return }
        if let handle = state.handle { loop?.cancel(handle) }
        state.handle = nil
        if dbus_timeout_get_enabled(timeout) != 0 { arm(state) }
    }

    func wakeUpLoop() {
        if let loop, !loop.inLoop { loop.wakeUp() }
    }

    func scheduleDispatch() {
        guard let loop, !dispatchScheduled, !isClosed else { return }
        dispatchScheduled = true
        if loop.inLoop {
            loop.runSoon { [weak self] in self?.dispatchQueued() }
        } else {
            let bound = UncheckedSendable(self)
            loop.post { bound.value.dispatchQueued() }
        }
    }

    private func dispatchQueued() {
        dispatchScheduled = false
        var budget = 256
        while !isClosed && dbus_connection_dispatch(pointer) == DBUS_DISPATCH_DATA_REMAINS {
            budget -= 1
            if budget == 0 {
                scheduleDispatch()
                return
            }
        }
    }

    // MARK: Sending

    /// Queues `message` for sending; returns false when it could not be queued (closed, out of memory, or fds on a
    /// connection that cannot pass them).
    @discardableResult
    public func send(_ message: Message) -> Bool {
        guard !isClosed else { return false }
        return dbus_connection_send(pointer, message.raw, nil) != 0
    }

    /// Blocks until everything queued has been written.
    public func flush() {
        guard !isClosed else { return }
        dbus_connection_flush(pointer)
    }

    /// Emits a signal. Returns false when the names or arguments are invalid (nothing is sent).
    @discardableResult
    public func emitSignal(path: ObjectPath, interface: String, member: String, arguments: [DBusValue] = []) -> Bool {
        guard let message = try? Message.signal(path: path, interface: interface, member: member, arguments: arguments)
        else { return false }
        return send(message)
    }

    /// Emits `org.freedesktop.DBus.Properties.PropertiesChanged`.
    @discardableResult
    public func emitPropertiesChanged(
        path: ObjectPath, interface: String, changed: [(String, DBusValue)], invalidated: [String] = []
    ) -> Bool {
        emitSignal(
            path: path, interface: StandardInterfaces.properties, member: "PropertiesChanged",
            arguments: [.string(interface), .stringVariantDictionary(changed), .stringArray(invalidated)])
    }

    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 { return 0 }
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: ms)
    }

    /// Sends `message` and blocks until its reply arrives. Error replies throw ``DBusError``
    /// (timeouts: `org.freedesktop.DBus.Error.NoReply`). Other incoming messages stay queued.
    public func call(_ message: Message, timeout: Duration = .seconds(25)) throws -> Message {
        guard !isClosed else { throw DBusError.disconnected }
        let ms = Self.milliseconds(timeout)
        let (reply, error) = CErrorScope.run { cError in
            dbus_connection_send_with_reply_and_block(pointer, message.raw, ms, cError)
        }
        if loop != nil && dbus_connection_get_dispatch_status(pointer) == DBUS_DISPATCH_DATA_REMAINS {
            scheduleDispatch()
        }
        guard let reply else { throw error ?? DBusError.failed("call failed") }
        return Message(adopting: reply)
    }

    /// Convenience: builds and makes a blocking method call; returns the reply's arguments.
    public func call(
        destination: String, path: ObjectPath, interface: String, member: String, arguments: [DBusValue] = [],
        timeout: Duration = .seconds(25)
    ) throws -> [DBusValue] {
        let message = try Message.methodCall(
            destination: destination, path: path, interface: interface, member: member, arguments: arguments)
        return try call(message, timeout: timeout).arguments()
    }

    /// Loop mode: sends `message` and calls `reply` on the loop thread with the reply or error (never blocks).
    public func call(
        _ message: Message, timeout: Duration = .seconds(25),
        reply: @escaping (Result<Message, DBusError>) -> Void
    ) {
        var pending: OpaquePointer?
        let ok = isClosed ? 0 : dbus_connection_send_with_reply(pointer, message.raw, &pending, Self.milliseconds(timeout))
        guard ok != 0, let pending else {
            let failure = isClosed || ok != 0 ? DBusError.disconnected : DBusError.noMemory()
            if let loop { loop.runSoon { reply(.failure(failure)) } } else { reply(.failure(failure)) }
            return
        }
        let box = PendingReply(loop: loop, completion: reply)
        dbus_pending_call_set_notify(
            pending, pendingCallNotifyTrampoline, Unmanaged.passRetained(box).toOpaque(), releaseObjectTrampoline)
        if dbus_pending_call_get_completed(pending) != 0 && loop != nil { scheduleDispatch() }
    }

    // MARK: Names

    /// Requests `name` with DO_NOT_QUEUE. Throws ``DBusConnectionError/nameTaken(_:)`` when another connection
    /// owns it.
    public func requestName(_ name: String) throws {
        try NameValidation.validate(name, as: .busName)
        let (result, error) = CErrorScope.run { cError in
            name.withCString { dbus_bus_request_name(pointer, $0, UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), cError) }
        }
        if let error { throw error }
        switch result {
        case DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER, DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER:
            ownedNames.insert(name)
        default:
            throw DBusConnectionError.nameTaken(name)
        }
    }

    /// Releases `name`.
    public func releaseName(_ name: String) throws {
        try NameValidation.validate(name, as: .busName)
        ownedNames.remove(name)
        let (_, error) = CErrorScope.run { cError in
            name.withCString { dbus_bus_release_name(pointer, $0, cError) }
        }
        if let error { throw error }
    }

    // MARK: Incoming

    /// The filter for every incoming message (dispatch thread). Returns true when the message was handled.
    func filter(_ message: OpaquePointer) -> Bool {
        switch dbus_message_get_type(message) {
        case MessageType.methodCall.rawValue:
            handleMethodCall(message)
            return true
        case MessageType.signal.rawValue:
            handleSignal(message)
            return false
        default:
            return false
        }
    }

    private static func isEqual(_ pointer: UnsafePointer<CChar>?, _ string: StaticString) -> Bool {
        guard let pointer else { return false }
        return strcmp(pointer, UnsafeRawPointer(string.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    private func handleSignal(_ message: OpaquePointer) {
        let interface = dbus_message_get_interface(message)
        if Self.isEqual(interface, "org.freedesktop.DBus.Local") {
            if Self.isEqual(dbus_message_get_member(message), "Disconnected") && !disconnectedReported {
                disconnectedReported = true
                onDisconnected?()
            }
        } else if Self.isEqual(interface, "org.freedesktop.DBus")
            && Self.isEqual(dbus_message_get_sender(message), "org.freedesktop.DBus")
        {
            let member = dbus_message_get_member(message)
            if Self.isEqual(member, "NameLost"), let name = ValueCodec.firstString(of: message) {
                let lost = String(cString: name)
                if ownedNames.remove(lost) != nil {
                    onNameLost?()
                    onNameLostNamed?(lost)
                }
            } else if Self.isEqual(member, "NameOwnerChanged") {
                trackOwnerChange(message)
            }
        }
        deliverToMatches(message)
    }
}
