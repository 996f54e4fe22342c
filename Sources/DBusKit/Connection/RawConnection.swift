import CDBus
import SystemKit

/// Owns one reference to a libdbus `DBusConnection` and sends on it from the right thread.
/// Shared by ``Connection`` and pending ``MethodInvocation``s, so a deferred reply never outlives the handle.
final class RawConnection: @unchecked Sendable {
    let pointer: OpaquePointer
    let loop: EventLoop?

    init(adopting pointer: OpaquePointer, loop: EventLoop?) {
        self.pointer = pointer
        self.loop = loop
    }

    deinit { dbus_connection_unref(pointer) }

    /// Queues `message`; from a foreign thread in loop mode the send hops to the loop thread.
    @discardableResult
    func send(_ message: Message) -> Bool {
        if let loop, !loop.inLoop {
            loop.post { [self] in _ = dbus_connection_send(pointer, message.raw, nil) }
            return true
        }
        return dbus_connection_send(pointer, message.raw, nil) != 0
    }
}
