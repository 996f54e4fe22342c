import AppLockTestSupport
import DBusKit
import Foundation
import SystemKit

/// A connection of the bench's own on the system bus, subscribed to the mocked logind session's `Lock`: the moment
/// the signal reaches it is the start of every lock-latency measurement (so the mock's own latency is not counted).
final class LockSignalListener: @unchecked Sendable {
    private let thread = LoopThread(name: "bench-logind-listener")
    private let condition = NSCondition()
    private var arrival: UInt64 = 0
    private var connection: Connection?

    init(systemBusAddress: String, logindUniqueName: String) throws {
        let condition = self.condition
        let opened = try thread.sync { [thread] in
            let connection = try Connection.address(systemBusAddress, loop: thread.loop)
            let rule = MatchRule(
                sender: logindUniqueName, path: try ObjectPath(BenchNames.sessionPath),
                interface: BenchNames.sessionInterface, member: "Lock")
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
