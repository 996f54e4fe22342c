import AppLockTestSupport
import DBusKit
import Foundation
import SystemKit

/// A connection of the bench's own, subscribed to one signal: usually the mocked logind session's `Lock` on the
/// system bus, whose arrival is the start of every lock-latency measurement (so the mock's own latency is not
/// counted).
final class LockSignalListener: @unchecked Sendable {
    private let thread = LoopThread(name: "bench-logind-listener")
    private let condition = NSCondition()
    private var arrival: UInt64 = 0
    private var connection: Connection?

    /// Whether the listening thread runs under `SCHED_FIFO` (see ``ObserverPriority``).
    private(set) var realtime = false

    convenience init(systemBusAddress: String, logindUniqueName: String, realtime: Bool = false) throws {
        try self.init(busAddress: systemBusAddress, rule: MatchRule(
            sender: logindUniqueName, path: try ObjectPath(BenchNames.sessionPath),
            interface: BenchNames.sessionInterface, member: "Lock"), realtime: realtime)
    }

    /// Listens for the signals `rule` matches on the bus at `busAddress`; with `realtime`, from a `SCHED_FIFO`
    /// thread where the system allows it.
    init(busAddress: String, rule: MatchRule, realtime: Bool = false) throws {
        let condition = self.condition
        if realtime { self.realtime = try thread.sync { ObserverPriority.raiseCurrentThread() } }
        let opened = try thread.sync { [thread] in
            let connection = try Connection.address(busAddress, loop: thread.loop)
            _ = connection.addMatch(rule) { [unowned self] _ in
                let now = EventLoop.bootTimeNanoseconds()
                condition.lock()
                arrival = now
                condition.broadcast()
                condition.unlock()
            }
            _ = try connection.call(
                destination: "org.freedesktop.DBus", path: try ObjectPath("/org/freedesktop/DBus"),
                interface: "org.freedesktop.DBus", member: "GetId")
            return UncheckedSendable(connection)
        }
        connection = opened.value
    }

    /// Forgets the last arrival.
    func reset() {
        condition.lock()
        arrival = 0
        condition.unlock()
    }

    /// When the next `Lock` arrived (monotonic ns), or nil after `timeout` seconds.
    func waitForArrival(timeout: Double) -> UInt64? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while arrival == 0 {
            if !condition.wait(until: deadline) { break }
        }
        return arrival == 0 ? nil : arrival
    }

    func close() {
        let connection = UncheckedSendable(self.connection)
        self.connection = nil
        _ = try? thread.sync { connection.value?.close() }
        thread.stop()
    }
}
