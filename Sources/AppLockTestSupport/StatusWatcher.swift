import DBusKit
import Foundation

/// The test's own `org.kde.StatusNotifierWatcher` on the private session bus, as Plasma's is: it owns the name,
/// answers `RegisterStatusNotifierItem` and records each registration (the caller and the service it named). It can
/// leave the bus and come back, as a panel that restarts does. The tests and the bench play it.
public final class StatusWatcher: @unchecked Sendable {
    /// One `RegisterStatusNotifierItem`: who called, and the service it named.
    public struct Registration: Equatable, Sendable {
        public var sender: String
        public var service: String

        public init(sender: String, service: String) {
            self.sender = sender
            self.service = service
        }
    }

    private let address: String
    private let thread = LoopThread(name: "status-watcher")
    private var connection: Connection?
    private let lock = NSLock()
    private var recorded: [Registration] = []

    /// Connects to the bus at `address` and takes the watcher's name.
    public init(address: String) throws {
        self.address = address
        try appear()
    }

    deinit { thread.stop() }

    public var registrations: [Registration] { lock.withLock { recorded } }

    /// Connects and takes the watcher's name.
    public func appear() throws {
        try thread.sync { [self] in
            let bus = try Connection.address(address, loop: thread.loop)
            let register: MethodHandler = { [unowned self] call in
                let registration = Registration(sender: call.sender, service: call.arguments.first?.stringValue ?? "")
                self.lock.withLock { self.recorded.append(registration) }
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
    public func leave() throws {
        try thread.sync { [self] in
            connection?.close()
            connection = nil
        }
    }
}
