import AppLockTestSupport
import Foundation
import Testing

/// An idle agent sleeps in one blocking call: no timers, no polling.
@Suite("Idle cost")
struct IdleTests {
    @Test("0 voluntary context switches in 10 s with 100 apps registered and nothing pending")
    func idleWakeUps() throws {
        // A desktop has a system bus with logind; without one the agent retries it on a timer.
        let harness = try AgentHarness(logind: true)
        let app = try harness.client()
        for index in 0..<100 {
            _ = try app.register("org.example.App\(index)")
        }
        #expect(try app.list().count == 100)
        // Let the replies and the bus's own follow-up messages settle: wait until the count stops moving.
        var last = -1
        _ = waitUntil(timeout: .seconds(5), pollEvery: .milliseconds(250)) {
            let now = Self.voluntarySwitches(of: harness.agent.pid)
            defer { last = now }
            return now == last
        }
        let before = Self.voluntarySwitches(of: harness.agent.pid)
        Thread.sleep(forTimeInterval: 10)
        let after = Self.voluntarySwitches(of: harness.agent.pid)
        #expect(after - before == 0, "the idle agent woke up \(after - before) times in 10 s")
    }

    /// Voluntary context switches summed over every thread of the process.
    static func voluntarySwitches(of pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return total + (line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0)
        }
    }
}
