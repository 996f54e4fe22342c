import CDBus
import SystemKit

/// The callback of one asynchronous call (stored with `dbus_pending_call_set_notify`).
final class PendingReply {
    let completion: (Result<Message, DBusError>) -> Void
    let loop: EventLoop?

    init(loop: EventLoop?, completion: @escaping (Result<Message, DBusError>) -> Void) {
        self.loop = loop
        self.completion = completion
    }
}
