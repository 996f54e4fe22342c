import AppLockTestSupport
import DBusKit
import Foundation
import Synchronization

/// The test's own `org.kde.StatusNotifierWatcher` on the private session bus, as Plasma's is: it owns the name,
/// answers `RegisterStatusNotifierItem` and records each registration (the caller and the service it named). It can
/// leave the bus and come back, as a panel that restarts does.
final class StatusWatcher: @unchecked Sendable {
    struct Registration: Equatable, Sendable {
        var sender: String
        var service: String
    }

    private let address: String
    private let thread = LoopThread(name: "status-watcher")
    private var connection: Connection?
    private let recorded = Mutex<[Registration]>([])

    init(address: String) throws {
        self.address = address
        try appear()
    }

    deinit { thread.stop() }

    var registrations: [Registration] { recorded.withLock { $0 } }

    /// Connects and takes the watcher's name.
    func appear() throws {
        try thread.sync { [self] in
            let bus = try Connection.address(address, loop: thread.loop)
            let register: MethodHandler = { [unowned self] call in
                self.recorded.withLock { $0.append(Registration(sender: call.sender, service: call.arguments.first?.stringValue ?? "")) }
                call.reply()
            }
            bus.export(BasicExportedObject(interfaces: [ExportedInterface(
                name: "org.kde.StatusNotifierWatcher",
                xml: """
                    <interface name="org.kde.StatusNotifierWatcher">
                      <method name="RegisterStatusNotifierItem"><arg name="service" type="s" direction="in"/></method>
                    </interface>
                    """,
                methods: ["RegisterStatusNotifierItem": register], signatures: ["RegisterStatusNotifierItem": "s"])]),
                at: try ObjectPath("/StatusNotifierWatcher"))
            try bus.requestName("org.kde.StatusNotifierWatcher")
            connection = bus
        }
    }

    /// Leaves the bus (the name goes with the connection).
    func leave() throws {
        try thread.sync { [self] in
            connection?.close()
            connection = nil
        }
    }
}
