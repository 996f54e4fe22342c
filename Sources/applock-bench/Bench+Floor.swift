import DBusKit
import Foundation

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
            let start = EventLoop.monotonicNanoseconds()
            sender.emitSignal(path: path, interface: "org.bench.Floor", member: "Ping", arguments: [.uint32(UInt32(index))])
            sender.flush()
            guard try receiver.nextSignal(timeout: .seconds(5)) != nil else {
                throw BenchError("a floor signal was lost")
            }
            if index >= warmUp { hops.record(nanoseconds: EventLoop.monotonicNanoseconds() - start) }
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
        busDriverRate = one.rate
        report.add("floor", "GetId, 1 client", one.rate, "calls/s")
        report.add("floor", "GetId round trip p50", one.latencies.p50, "µs")
        let eight = try RateMeter.measure(address: address, clients: 8, seconds: options.rateSeconds, getID)
        report.add("floor", "GetId, 8 clients", eight.rate, "calls/s")
    }
}
