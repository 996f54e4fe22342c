import AppLockTestSupport
import DBusKit
import Foundation
import Testing

@Suite struct MethodCallTests {
    func call(_ client: Connection, _ member: String, _ args: [DBusValue] = [], interface: String? = EchoService.interface,
              path: ObjectPath = EchoService.path) throws -> [DBusValue] {
        let message = try Message.methodCall(
            destination: EchoService.name, path: path, interface: interface, member: member, arguments: args)
        return try client.call(message, timeout: .seconds(5)).arguments()
    }

    @Test func replyErrorDeferredAndDropped() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        try EchoService.start(on: thread, bus: bus)
        let client = try Connection.address(bus.address)

        #expect(try call(client, "Echo", [.string("hi"), .uint32(3)]) == [.string("hi"), .uint32(3)])
        #expect(try call(client, "Echo", [.string("no interface")], interface: nil) == [.string("no interface")])

        let custom = #expect(throws: DBusError.self) { try call(client, "Fail") }
        #expect(custom == DBusError(name: "org.example.Error.Custom", message: "custom failure"))

        #expect(try call(client, "Deferred") == [.string("late")])
        #expect(try call(client, "DeferredOnLoop") == [.string("timer")])

        let dropped = #expect(throws: DBusError.self) { try call(client, "Drop") }
        #expect(dropped?.name == "org.freedesktop.DBus.Error.Failed")

        #expect(try call(client, "DoubleReply") == [.uint32(1)])
        #expect(try call(client, "Echo") == [])

        #expect(try call(client, "TwoStrings", [.string("a"), .string("b")]) == [.string(client.uniqueName)])
        let invalid = #expect(throws: DBusError.self) { try call(client, "TwoStrings", [.string("a")]) }
        #expect(invalid == .invalidArgs("expected (ss), got (s)"))
    }

    @Test func unknownObjectInterfaceMethod() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        try EchoService.start(on: thread, bus: bus)
        let client = try Connection.address(bus.address)

        let object = #expect(throws: DBusError.self) { try call(client, "Echo", path: try ObjectPath("/nope")) }
        #expect(object?.name == "org.freedesktop.DBus.Error.UnknownObject")
        let interface = #expect(throws: DBusError.self) { try call(client, "Echo", interface: "org.example.Nope") }
        #expect(interface?.name == "org.freedesktop.DBus.Error.UnknownInterface")
        let method = #expect(throws: DBusError.self) { try call(client, "Nope") }
        #expect(method?.name == "org.freedesktop.DBus.Error.UnknownMethod")
        let methodNoInterface = #expect(throws: DBusError.self) { try call(client, "Nope", interface: nil) }
        #expect(methodNoInterface?.name == "org.freedesktop.DBus.Error.UnknownMethod")

        #expect(try call(client, "Ping", interface: "org.freedesktop.DBus.Peer") == [])
        let machine = try call(client, "GetMachineId", interface: "org.freedesktop.DBus.Peer")
        #expect(machine.first?.stringValue?.count == 32)
    }

    @Test func nameTakenThrows() throws {
        let bus = try TestBus()
        let first = try Connection.address(bus.address)
        try first.requestName("org.example.Taken")
        let second = try Connection.address(bus.address)
        #expect(throws: DBusConnectionError.nameTaken("org.example.Taken")) { try second.requestName("org.example.Taken") }
    }

    @Test func asyncCallOnLoop() throws {
        let bus = try TestBus()
        let server = ConnectionThread()
        defer { server.shutdown() }
        try EchoService.start(on: server, bus: bus)
        let clientThread = ConnectionThread()
        defer { clientThread.shutdown() }
        let results = LockedBox<[String]>([])
        try clientThread.sync {
            let client = try Connection.address(bus.address, loop: clientThread.loop)
            clientThread.connection = client
            let echo = try Message.methodCall(
                destination: EchoService.name, path: EchoService.path, interface: EchoService.interface,
                member: "Echo", arguments: [.string("async")])
            client.call(echo) { result in
                results.mutate { $0.append((try? result.get().arguments().first?.stringValue) ?? "error") }
            }
            let fail = try Message.methodCall(
                destination: EchoService.name, path: EchoService.path, interface: EchoService.interface, member: "Fail")
            client.call(fail) { result in
                if case .failure(let error) = result { results.mutate { $0.append(error.name) } }
            }
        }
        _ = waitUntil(timeout: .seconds(5), pollEvery: .milliseconds(2)) { results.value.count >= 2 }
        #expect(results.value == ["async", "org.example.Error.Custom"])
    }
}

/// A value shared between the test thread and a loop thread.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
