import CDBus
import SystemKit

/// Loop-side state of one libdbus `DBusWatch` (stored with `dbus_watch_set_data`).
final class LibdbusWatch {
    let watch: OpaquePointer
    var handle: WatchHandle?

    init(_ watch: OpaquePointer) {
        self.watch = watch
    }
}
