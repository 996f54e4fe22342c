import AppLockCore
import AppLockProtocol
import DBusKit
import Foundation
import SystemKit

extension Bench {
    /// The bus's own floor: one signal hop between two plain connections, and round trips to the bus driver.
    func measureFloor() throws {
        let address = environment.sessionBus.address
        let sender = try Connection.address(address)
        let receiver = try Connection.address(address)
        defer {
            sender.close()
            receiver.close()
        }
        let path = try ObjectPath("/org/bench/Floor")
        receiver.addMatch(MatchRule(sender: sender.uniqueName, path: path, interface: "org.bench.Floor", member: "Ping"))
        _ = try receiver.call(
            destination: "org.freedesktop.DBus", path: try ObjectPath("/org/freedesktop/DBus"),
            interface: "org.freedesktop.DBus", member: "GetId")
        var hops = Latencies()
        let warmUp = 200
        for index in 0..<(options.floorIterations + warmUp) {
            let start = EventLoop.bootTimeNanoseconds()
            sender.emitSignal(path: path, interface: "org.bench.Floor", member: "Ping", arguments: [.uint32(UInt32(index))])
            sender.flush()
            guard try receiver.nextSignal(timeout: .seconds(5)) != nil else {
                throw BenchError("a floor signal was lost")
            }
            if index >= warmUp { hops.record(nanoseconds: EventLoop.bootTimeNanoseconds() - start) }
        }
        floorOneHop = hops
        report.add("floor", "one signal hop p50", hops.p50, "µs")
        report.add("floor", "one signal hop p99", hops.p99, "µs")
        let busPath = try ObjectPath("/org/freedesktop/DBus")
        let getID: @Sendable (Connection) throws -> Void = { connection in
            _ = try connection.call(
                destination: "org.freedesktop.DBus", path: busPath,
                interface: "org.freedesktop.DBus", member: "GetId")
        }
        let one = try RateMeter.measure(address: address, clients: 1, seconds: options.rateSeconds, getID)
        report.add("floor", "GetId, 1 client", one.rate, "calls/s")
        report.add("floor", "GetId round trip p50", one.latencies.p50, "µs")
        let eight = try RateMeter.measure(address: address, clients: 8, seconds: options.rateSeconds, getID)
        report.add("floor", "GetId, 8 clients", eight.rate, "calls/s")
        for apps in options.fanOutSizes { try measureFanOutFloor(apps: apps) }
    }
}

extension Bench {
    /// The bus's fan-out floor for `apps` subscribers: one plain connection emits what the agent emits on a lock
    /// (per app a `StateChanged` with the app's id as arg0 and a `PropertiesChanged` on the app's path); each
    /// subscriber has its own arg0 match. Returns the last subscriber's p50 in µs.
    @discardableResult
    func measureFanOutFloor(apps: Int) throws -> Double {
        let address = environment.sessionBus.address
        let sender = try Connection.address(address)
        defer { sender.close() }
        let interface = "org.bench.FanOut"
        let fleet = try AppFleet(
            count: apps, prefix: "floor\(apps)", busAddress: address, agentUniqueName: sender.uniqueName,
            interface: interface, register: false)
        defer { fleet.close() }
        let managerPath = try ObjectPath(AppLockBusNames.managerPath)
        let appPaths = try fleet.ids.map { try ObjectPath(AppLockBusNames.managerPath + "/app/" + $0.replacingOccurrences(of: ".", with: "_")) }
        var last = Latencies()
        for iteration in 0..<(options.lockIterations(apps: apps) + 1) {
            for phase in [ArrivalBoard.Phase.locked, .unlocked] {
                fleet.board.reset(expecting: phase)
                let state = phase == .locked ? "obscured" : "unlocked"
                let start = EventLoop.bootTimeNanoseconds()
                for (index, id) in fleet.ids.enumerated() {
                    sender.emitSignal(path: managerPath, interface: interface, member: ManagerSignal.stateChanged.name,
                                      arguments: [.string(id), .string(state), .string("session-lock")])
                    sender.emitPropertiesChanged(
                        path: appPaths[index], interface: AppLockBusNames.applicationInterface,
                        changed: [
                            (ApplicationProperty.state.name, .string(state)),
                            (ApplicationProperty.reason.name, .string("session-lock")),
                        ])
                }
                sender.flush()
                guard let times = fleet.board.waitForAll(timeout: 60) else {
                    throw BenchError("fan-out floor: only \(fleet.board.arrivedCount) of \(apps) subscribers got it")
                }
                if phase == .locked && iteration > 0 { last.record(nanoseconds: (times.max() ?? start) - start) }
            }
        }
        report.add("floor", "fan-out to \(apps) subscribers, last p50", last.p50, "µs")
        report.add("floor", "fan-out to \(apps) subscribers, last p99", last.p99, "µs")
        return last.p50
    }
}
