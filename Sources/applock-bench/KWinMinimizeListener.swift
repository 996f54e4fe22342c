import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import SystemKit

/// A connection of the bench's own on the session bus with a KWin script of its own loaded: the script calls back
/// (`Minimized`) the moment KWin minimises or restores a window of the given resource class (compared without case:
/// KWin 5.27 lowercases it, 6 does not), and the bench notes when that call arrives.
final class KWinMinimizeListener: @unchecked Sendable {
    private static let scriptName = "applock-bench-observer"
    private let thread = LoopThread(name: "bench-kwin-listener")
    private let condition = NSCondition()
    private var arrival: (at: UInt64, minimized: Bool)?
    private var connection: Connection?

    init(sessionBusAddress: String, resourceClass: String, scriptDirectory: URL) throws {
        let script = scriptDirectory.appendingPathComponent("bench-observer.js")
        let opened = try thread.sync { [thread, condition] in
            let connection = try Connection.address(sessionBusAddress, loop: thread.loop)
            let interface = ExportedInterface(
                name: "io.github.applock.Bench",
                xml: """
                    <interface name="io.github.applock.Bench"><method name="Minimized">
                    <arg name="minimized" type="b" direction="in"/></method></interface>
                    """,
                methods: ["Minimized": { [unowned self] call in
                    let now = EventLoop.bootTimeNanoseconds()
                    call.reply()
                    condition.lock()
                    arrival = (now, call.arguments.first?.boolValue ?? false)
                    condition.broadcast()
                    condition.unlock()
                }])
            connection.export(BasicExportedObject(interfaces: [interface]), at: try ObjectPath("/bench"))
            try (KWinScriptPackage.compatibility() + """
                function watch(c) {
                    if (String(c.resourceClass).toLowerCase() !== "\(resourceClass.lowercased())") return;
                    c.minimizedChanged.connect(function () {
                        callDBus("\(connection.uniqueName)", "/bench", "io.github.applock.Bench", "Minimized", !!c.minimized);
                    });
                }
                windowList().forEach(watch);
                windowAdded.connect(watch);
                """).write(to: script, atomically: true, encoding: .utf8)
            return UncheckedSendable(connection)
        }
        connection = opened.value
        let loader = try Connection.address(sessionBusAddress)
        defer { loader.close() }
        try KWinSession.loadScript(script, name: Self.scriptName, on: loader)
    }

    func reset() {
        condition.lock()
        arrival = nil
        condition.unlock()
    }

    /// When KWin next reported the window minimised (or restored), or nil after `timeout` seconds.
    func waitFor(minimized: Bool, timeout: Double) -> UInt64? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while arrival?.minimized != minimized {
            if !condition.wait(until: deadline) { break }
        }
        return arrival?.minimized == minimized ? arrival?.at : nil
    }

    func close() {
        _ = try? thread.sync { [connection] in connection?.close() }
        thread.stop()
    }
}
