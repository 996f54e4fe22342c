import AppLockTestSupport
import DBusKit
import Foundation
import Testing

@Suite struct MatchAndPeerTests {
    @Test func arg0MatchFiltersLocallyAndOnTheBus() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        let seen = LockedBox<[String]>([])
        let emitter = try Connection.address(bus.address)
        try thread.sync {
            let connection = try Connection.address(bus.address, loop: thread.loop)
            thread.connection = connection
            _ = connection.addMatch(MatchRule(interface: "org.example.Events", member: "StateChanged", arg0: "org.example.Mine")) {
                message in seen.mutate { $0.append("mine:" + ((try? message.arguments())?[1].stringValue ?? "?")) }
            }
            _ = connection.addMatch(MatchRule(sender: emitter.uniqueName, interface: "org.example.Events", member: "Done")) { _ in
                seen.mutate { $0.append("done") }
            }
        }
        // A blocking call after AddMatch guarantees the bus processed the rules.
        _ = try thread.sync { try thread.connection!.nameOwner("org.freedesktop.DBus") }
        let path = try ObjectPath("/org/example/Events")
        emitter.emitSignal(path: path, interface: "org.example.Events", member: "StateChanged",
                           arguments: [.string("org.example.Other"), .string("locked")])
        emitter.emitSignal(path: path, interface: "org.example.Events", member: "StateChanged",
                           arguments: [.string("org.example.Mine"), .string("unlocked")])
        emitter.emitSignal(path: path, interface: "org.example.Events", member: "Done")
        emitter.flush()
        #expect(waitFor { seen.value.contains("done") })
        #expect(seen.value == ["mine:unlocked", "done"])
    }

    @Test func peerLeftAndNameOwnerChanges() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        let left = LockedBox<[String]>([])
        let owners = LockedBox<[String]>([])
        try thread.sync {
            let connection = try Connection.address(bus.address, loop: thread.loop)
            thread.connection = connection
            connection.onPeerDisconnected { name in left.mutate { $0.append(name) } }
            _ = connection.watchNameOwner("org.example.Watched") { old, new in
                owners.mutate { $0.append("\(old)->\(new)") }
            }
        }
        _ = try thread.sync { try thread.connection!.nameOwner("org.freedesktop.DBus") }
        var peer: Connection? = try Connection.address(bus.address)
        let peerName = peer!.uniqueName
        try peer!.requestName("org.example.Watched")
        peer!.close()
        peer = nil
        #expect(waitFor { left.value.contains(peerName) && owners.value.count == 2 })
        #expect(owners.value == ["->\(peerName)", "\(peerName)->"])
        #expect(!left.value.contains(try thread.sync { thread.connection!.uniqueName }))
    }

    @Test func disconnectedIsReported() throws {
        let bus = try TestBus()
        let thread = ConnectionThread()
        defer { thread.shutdown() }
        let events = LockedBox<[String]>([])
        try thread.sync {
            let connection = try Connection.address(bus.address, loop: thread.loop)
            thread.connection = connection
            connection.onDisconnected = { events.mutate { $0.append("disconnected") } }
        }
        kill(bus.pid, SIGKILL)
        #expect(waitFor { events.value.contains("disconnected") })
    }
}

/// Polls `condition` until it holds or 5 s pass.
func waitFor(_ condition: () -> Bool) -> Bool {
    waitUntil(timeout: .seconds(5), pollEvery: .milliseconds(2), condition)
}
