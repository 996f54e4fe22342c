import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import SystemKit

extension Bench {
    /// Process start → `io.github.applock.AppLock1` owned (seen as `NameOwnerChanged` on a watching connection).
    func measureStartup() throws {
        let watcher = try Connection.address(environment.sessionBus.address)
        defer { watcher.close() }
        watcher.addMatch(MatchRule(
            sender: "org.freedesktop.DBus", path: try ObjectPath("/org/freedesktop/DBus"),
            interface: "org.freedesktop.DBus", member: "NameOwnerChanged", arg0: AppLockBusNames.busName))
        _ = try watcher.nameOwner(AppLockBusNames.busName)
        func newOwner(_ message: Message) -> String {
            ((try? message.arguments()) ?? []).dropFirst(2).first?.stringValue ?? ""
        }
        var startups = Latencies()
        for _ in 0..<options.startups {
            let start = EventLoop.bootTimeNanoseconds()
            let agent = try AgentProcess(environment: environment)
            guard try watcher.waitForSignal(timeout: .seconds(20), where: { !newOwner($0).isEmpty }) != nil else {
                agent.terminate()
                throw BenchError("applockd did not claim its name; log:\n\(agent.logText())")
            }
            startups.record(nanoseconds: EventLoop.bootTimeNanoseconds() - start)
            agent.terminate()
            _ = try watcher.waitForSignal(timeout: .seconds(10), where: { newOwner($0).isEmpty })
        }
        report.add("startup", "start → name owned p50 (\(options.startups) starts)", startups.p50 / 1000, "ms",
                   target: "≤ 50 ms", met: startups.p50 <= 50_000)
        report.add("startup", "start → name owned max", startups.maximum / 1000, "ms")
    }
}
