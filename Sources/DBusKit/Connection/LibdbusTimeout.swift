import CDBus
import SystemKit

/// Loop-side state of one libdbus `DBusTimeout` (stored with `dbus_timeout_set_data`).
final class LibdbusTimeout {
    let timeout: OpaquePointer
    var handle: TimerHandle?
    var active = false

    init(_ timeout: OpaquePointer) {
        self.timeout = timeout
    }
}
