import AppLockTestSupport
import DBusKit
import Foundation
import SystemKit

/// A connection of the bench's own on the session bus that a script inside the compositor (a KWin script, a GNOME
/// Shell extension) calls back with `Event(s kind)` the moment it sees something happen, such as the locked app's
/// window restored or the lock window's first frame; the bench notes when each call arrives.
final class ReachEvents: @unchecked Sendable {
    static let interface = "io.github.applock.BenchReach"
    static let path = "/bench/reach"
    private let thread = LoopThread(name: "bench-reach-events")
    private let condition = NSCondition()
    private var arrivals: [(kind: String, at: UInt64)] = []
    private var connection: Connection?

    init(sessionBusAddress: String) throws {
        let opened = try thread.sync { [thread, condition] in
            let connection = try Connection.address(sessionBusAddress, loop: thread.loop)
            let interface = ExportedInterface(
                name: Self.interface,
                xml: """
                    <interface name="\(Self.interface)"><method name="Event">
                    <arg name="kind" type="s" direction="in"/></method></interface>
                    """,
                methods: ["Event": { [unowned self] call in
                    let now = EventLoop.bootTimeNanoseconds()
                    call.reply()
                    condition.lock()
                    arrivals.append((call.arguments.first?.stringValue ?? "", now))
                    condition.broadcast()
                    condition.unlock()
                }])
            connection.export(BasicExportedObject(interfaces: [interface]), at: try ObjectPath(Self.path))
            return UncheckedSendable(connection)
        }
        connection = opened.value
    }

    /// The unique name the compositor's script calls.
    var uniqueName: String { connection?.uniqueName ?? "" }

    func reset() {
        condition.lock()
        arrivals.removeAll()
        condition.unlock()
    }

    /// When the first `kind` since the last reset arrived, waiting for it at most `timeout` seconds.
    func waitFor(_ kind: String, timeout: Double) -> UInt64? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = arrivals.first(where: { $0.kind == kind }) { return found.at }
            if !condition.wait(until: deadline) { return arrivals.first { $0.kind == kind }?.at }
        }
    }

    func close() {
        _ = try? thread.sync { [connection] in connection?.close() }
        thread.stop()
    }
}
