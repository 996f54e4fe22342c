import DBusKit
import Foundation
import Testing

@Suite struct ObjectServerTests {
    func propertiesCall(_ client: Connection, _ member: String, _ args: [DBusValue], path: ObjectPath = EchoService.path)
        throws -> [DBusValue]
    {
        try client.call(
            destination: EchoService.name, path: path, interface: "org.freedesktop.DBus.Properties", member: member,
            arguments: args, timeout: .seconds(5))
    }

    @Test func introspectionWithGdbusAndDbusSend() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        try EchoService.start(on: thread, bus: bus)

        let gdbus = try TestBus.run([
            "gdbus", "introspect", "--address", bus.address, "--dest", EchoService.name,
            "--object-path", EchoService.path.rawValue,
        ])
        #expect(gdbus.status == 0)
        #expect(gdbus.output.contains("interface org.example.Echo"))
        #expect(gdbus.output.contains("readonly s Name"))
        #expect(gdbus.output.contains("interface org.freedesktop.DBus.Properties"))

        let send = try TestBus.run([
            "dbus-send", "--bus=\(bus.address)", "--print-reply=literal", "--dest=\(EchoService.name)",
            EchoService.path.rawValue, "org.freedesktop.DBus.Introspectable.Introspect",
        ])
        #expect(send.status == 0)
        #expect(send.output.contains(EchoService.xml))
        #expect(send.output.contains("<!DOCTYPE node PUBLIC"))

        let client = try Connection.address(bus.address)
        for (path, child) in [("/", "org"), ("/org", "example"), ("/org/example", "Test"), ("/org/example/Test", "obj1")] {
            let xml = try client.call(
                destination: EchoService.name, path: try ObjectPath(path),
                interface: "org.freedesktop.DBus.Introspectable", member: "Introspect")
            let text = try #require(xml.first?.stringValue)
            #expect(text.contains("<node name=\"\(child)\"/>"))
            #expect(!text.contains("org.example.Echo"))
        }
    }

    @Test func propertiesGetGetAllSet() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        try EchoService.start(on: thread, bus: bus)
        let client = try Connection.address(bus.address)

        #expect(try propertiesCall(client, "Get", [.string(EchoService.interface), .string("Count")]) == [.variant(.uint32(7))])
        #expect(
            try propertiesCall(client, "GetAll", [.string(EchoService.interface)])
                == [.stringVariantDictionary([("Name", .string("echo")), ("Count", .uint32(7))])])
        let readOnly = #expect(throws: DBusError.self) {
            try propertiesCall(client, "Set", [.string(EchoService.interface), .string("Name"), .variant(.string("x"))])
        }
        #expect(readOnly?.name == "org.freedesktop.DBus.Error.PropertyReadOnly")
        let unknownProperty = #expect(throws: DBusError.self) {
            try propertiesCall(client, "Get", [.string(EchoService.interface), .string("Nope")])
        }
        #expect(unknownProperty?.name == "org.freedesktop.DBus.Error.UnknownProperty")
        let unknownInterface = #expect(throws: DBusError.self) {
            try propertiesCall(client, "GetAll", [.string("org.example.Nope")])
        }
        #expect(unknownInterface?.name == "org.freedesktop.DBus.Error.UnknownInterface")
        let invalid = #expect(throws: DBusError.self) {
            try propertiesCall(client, "Get", [.string(EchoService.interface)])
        }
        #expect(invalid?.name == "org.freedesktop.DBus.Error.InvalidArgs")
    }

    @Test func propertiesChangedIsReceived() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        try EchoService.start(on: thread, bus: bus)
        let client = try Connection.address(bus.address)
        client.addMatch(MatchRule(
            sender: EchoService.name, path: EchoService.path, interface: "org.freedesktop.DBus.Properties",
            member: "PropertiesChanged", arg0: EchoService.interface))
        try thread.sync {
            thread.connection!.emitPropertiesChanged(
                path: EchoService.path, interface: "org.example.Other", changed: [("Count", .uint32(1))])
            thread.connection!.emitPropertiesChanged(
                path: EchoService.path, interface: EchoService.interface, changed: [("Count", .uint32(8))],
                invalidated: ["Name"])
        }
        let signal = try #require(try client.nextSignal(timeout: .seconds(5)))
        #expect(try signal.arguments() == [
            .string(EchoService.interface), .stringVariantDictionary([("Count", .uint32(8))]), .stringArray(["Name"]),
        ])
        #expect(try client.nextSignal(timeout: .milliseconds(100)) == nil)
    }

    @Test func objectManager() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        try EchoService.start(on: thread, bus: bus, objectManager: true)
        let client = try Connection.address(bus.address)
        let manager = try ObjectPath("/org/example/Test")
        let managed = try client.call(
            destination: EchoService.name, path: manager, interface: "org.freedesktop.DBus.ObjectManager",
            member: "GetManagedObjects")
        let objects = try #require(managed.first?.dictionaryValue)
        #expect(objects.count == 1)
        #expect(objects.first?.0 == .objectPath(EchoService.path))
        #expect(objects.first?.1[EchoService.interface]?["Count"] == .variant(.uint32(7)))

        client.addMatch(MatchRule(path: manager, interface: "org.freedesktop.DBus.ObjectManager"))
        let second = try ObjectPath("/org/example/Test/obj2")
        try thread.sync {
            let connection = thread.connection!
            connection.export(BasicExportedObject(interfaces: [EchoService.makeInterface(loop: thread.loop)]), at: second)
            connection.unexport(second)
        }
        let added = try #require(try client.nextSignal(timeout: .seconds(5)))
        #expect(added.member == "InterfacesAdded")
        #expect(try added.arguments().first == .objectPath(second))
        let removed = try #require(try client.nextSignal(timeout: .seconds(5)))
        #expect(removed.member == "InterfacesRemoved")
        #expect(try removed.arguments() == [.objectPath(second), .stringArray([EchoService.interface])])

        let xml = try client.call(
            destination: EchoService.name, path: manager, interface: "org.freedesktop.DBus.Introspectable",
            member: "Introspect")
        #expect(xml.first?.stringValue?.contains("org.freedesktop.DBus.ObjectManager") == true)
    }
}
