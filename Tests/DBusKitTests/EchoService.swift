import DBusKit
import Foundation
import SystemKit

/// A loop-mode service on a private bus used by the tests: `org.example.Test` exporting `/org/example/Test/obj1`.
enum EchoService {
    static let name = "org.example.Test"
    static let path = try! ObjectPath("/org/example/Test/obj1")
    static let interface = "org.example.Echo"
    static let xml = """
          <interface name="org.example.Echo">
            <!-- verbatim marker -->
            <method name="Echo"/>
            <property name="Name" type="s" access="read"/>
            <property name="Count" type="u" access="read"/>
          </interface>
        """

    static func makeInterface(loop: EventLoop) -> ExportedInterface {
        ExportedInterface(
            name: interface,
            xml: xml,
            methods: [
                "Echo": { $0.reply($0.arguments) },
                "Fail": { $0.fail(DBusError(name: "org.example.Error.Custom", message: "custom failure")) },
                "Deferred": { invocation in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                        invocation.reply([.string("late")])
                    }
                },
                "DeferredOnLoop": { invocation in
                    loop.schedule(at: .after(.milliseconds(30))) { invocation.reply([.string("timer")]) }
                },
                "Drop": { _ in },
                "TwoStrings": { invocation in
                    guard invocation.expect("ss") else { return }
                    invocation.reply([.string(invocation.sender)])
                },
                "DoubleReply": { invocation in
                    invocation.reply([.uint32(1)])
                    invocation.reply([.uint32(2)])
                    invocation.fail(.failed("ignored"))
                },
            ],
            properties: { [("Name", .string("echo")), ("Count", .uint32(7))] }
        )
    }

    /// Starts the service on `thread` connected to `bus`.
    static func start(on thread: ConnectionThread, bus: TestBus, objectManager: Bool = false) throws {
        try thread.sync {
            let connection = try Connection.address(bus.address, loop: thread.loop)
            if objectManager { connection.enableObjectManager(at: try ObjectPath("/org/example/Test")) }
            connection.export(BasicExportedObject(interfaces: [makeInterface(loop: thread.loop)]), at: path)
            try connection.requestName(name)
            thread.connection = connection
        }
    }
}
