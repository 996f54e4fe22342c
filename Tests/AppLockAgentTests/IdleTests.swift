import AppLockTestSupport
import Foundation
import Testing

/// An idle agent sleeps in one blocking call: no timers, no polling.
@Suite("Idle cost")
struct IdleTests {
    @Test("0 voluntary context switches in 10 s with 100 apps registered and nothing pending")
    func idleWakeUps() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        for index in 0..<100 {
            _ = try app.register("org.example.App\(index)")
        }
        #expect(try app.list().count == 100)
        // Let the replies and the bus's own follow-up messages settle: wait until the count stops moving.
        var last = -1
        _ = waitUntil(timeout: .seconds(5), pollEvery: .milliseconds(250)) {
            let now = harness.agent.status(key: "voluntary_ctxt_switches") ?? -2
            defer { last = now }
            return now == last
        }
        let before = try #require(harness.agent.status(key: "voluntary_ctxt_switches"))
        Thread.sleep(forTimeInterval: 10)
        let after = try #require(harness.agent.status(key: "voluntary_ctxt_switches"))
        #expect(after - before == 0, "the idle agent woke up \(after - before) times in 10 s")
    }
}
