import DBusKit
import Foundation
import Testing

@Suite struct ValueRoundTripTests {
    static func sig(_ text: String) -> Signature { try! Signature(text) }

    static let samples: [DBusValue] = [
        .byte(0xFE), .boolean(true), .boolean(false), .int16(-12345), .uint16(54321), .int32(-7), .uint32(4_000_000_000),
        .int64(Int64.min), .uint64(UInt64.max), .double(3.25), .string(""), .string("héllo ✓"),
        .objectPath(try! ObjectPath("/a/b_c")), .signature(sig("a{sv}")),
        .array(element: sig("s"), []), .array(element: sig("ai"), [.array(element: sig("i"), [.int32(1), .int32(2)])]),
        .stringVariantDictionary([("k", .uint32(1)), ("nested", .variant(.variant(.string("deep"))))]),
        .dictionary(key: sig("u"), value: sig("(sb)"), [
            DictionaryEntry(key: .uint32(9), value: .structure([.string("x"), .boolean(true)])),
        ]),
        .dictionary(key: sig("s"), value: sig("v"), []),
        .structure([.int32(1), .structure([.string("inner"), .array(element: sig("y"), [.byte(1)])])]),
        .variant(.array(element: sig("(ss)"), [.structure([.string("a"), .string("b")])])),
        .array(element: sig("a{sv}"), [.stringVariantDictionary([])]),
    ]

    @Test func everyTypeThroughTheBus() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        try EchoService.start(on: thread, bus: bus)
        let client = try Connection.address(bus.address)
        let message = try Message.methodCall(
            destination: EchoService.name, path: EchoService.path, interface: EchoService.interface, member: "Echo",
            arguments: Self.samples)
        #expect(message.signature == Self.samples.map(\.signature.rawValue).joined())
        let reply = try client.call(message).arguments()
        #expect(reply == Self.samples)
    }

    @Test func signalRoundTripBetweenBlockingConnections() throws {
        let bus = try TestBus()
        let sender = try Connection.address(bus.address)
        let receiver = try Connection.address(bus.address)
        receiver.addMatch(MatchRule(interface: "org.example.Values"))
        #expect(sender.emitSignal(path: .root, interface: "org.example.Values", member: "All", arguments: Self.samples))
        let signal = try #require(try receiver.nextSignal(timeout: .seconds(5)))
        #expect(signal.type == .signal)
        #expect(signal.path == .root)
        #expect(signal.interface == "org.example.Values")
        #expect(signal.member == "All")
        #expect(signal.noReplyExpected)
        #expect(signal.signature == Self.samples.map(\.signature.rawValue).joined())
        #expect(signal.sender == sender.uniqueName)
        #expect(try signal.arguments() == Self.samples)
    }

    @Test func unixFileDescriptorsPass() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        try EchoService.start(on: thread, bus: bus)
        let client = try Connection.address(bus.address)
        #expect(client.canPassUnixFDs)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let fd = try UnixFileDescriptor(duplicating: fds[1])
        let message = try Message.methodCall(
            destination: EchoService.name, path: EchoService.path, interface: EchoService.interface, member: "Echo",
            arguments: [.unixFD(fd)])
        let reply = try client.call(message).arguments()
        let received = try #require(reply.first?.unixFDValue)
        let raw = try #require(received.rawValue)
        #expect(raw != fds[1])
        #expect(write(raw, "x", 1) == 1)
        var byte: UInt8 = 0
        #expect(read(fds[0], &byte, 1) == 1)
        #expect(byte == UInt8(ascii: "x"))
        received.close()
        #expect(received.rawValue == nil)
    }

    @Test func invalidValuesThrowInsteadOfCrashing() throws {
        #expect(throws: DBusConnectionError.self) {
            _ = try Message.signal(path: .root, interface: "a.b", member: "C",
                                   arguments: [.array(element: Self.sig("s"), [.uint32(1)])])
        }
        #expect(throws: DBusConnectionError.self) {
            _ = try Message.signal(path: .root, interface: "a.b", member: "C", arguments: [.structure([])])
        }
        #expect(throws: DBusConnectionError.self) {
            _ = try Message.signal(path: .root, interface: "a.b", member: "C", arguments: [.string("nul\u{0}inside")])
        }
        #expect(throws: DBusConnectionError.self) {
            _ = try Message.signal(path: .root, interface: "not an interface", member: "C")
        }
        var deep = DBusValue.string("x")
        for _ in 0..<100 { deep = .variant(deep) }
        #expect(throws: DBusConnectionError.self) {
            _ = try Message.signal(path: .root, interface: "a.b", member: "C", arguments: [deep])
        }
        #expect(throws: DBusConnectionError.self) { _ = try ObjectPath("/trailing/") }
        #expect(throws: DBusConnectionError.self) { _ = try Signature("a{vs}") }
        #expect(try ObjectPath.root.appending("x").rawValue == "/x")
    }

    @Test func matchRuleQuoting() {
        let rule = MatchRule(sender: "org.example.S", path: try! ObjectPath("/p"), interface: "org.example.I",
                             member: "M", arg0: "it's")
        #expect(rule.description == "type='signal',sender='org.example.S',path='/p',interface='org.example.I',member='M',arg0='it'\\''s'")
    }
}
