import AppLockClient
import AppLockCore
import AppLockTestSupport
import Foundation
import SystemKit

extension Bench {
    /// `Unlock` end to end, and one app's lock latency while 8 clients flood another app with wrong passcodes.
    func measureUnlockAndFlood() throws {
        let (agent, unique) = try startAgent()
        defer { agent.terminate() }
        let address = environment.sessionBus.address
        let client = try AppLockConnection(busAddress: address, timeout: .seconds(30)).blocking
        defer { client.connection.close() }
        for (app, passcode) in [(Self.secureApp, "4826"), (Self.floodApp, "1357")] {
            try client.register(app)
            let set = Result { () throws(AppLockError) in try client.setPasscode(app, passcode, kind: .fourDigit) }
            if case .failure(let error) = set, error.agentError != .passcodeExists { throw error }
        }
        var unlocks = Latencies()
        for _ in 0..<options.unlocks {
            try client.lock(Self.secureApp)
            let start = EventLoop.bootTimeNanoseconds()
            try client.unlock(Self.secureApp, passcode: "4826")
            unlocks.record(nanoseconds: EventLoop.bootTimeNanoseconds() - start)
        }
        report.add("unlock", "Unlock (right passcode) p50", unlocks.p50 / 1000, "ms")
        try measureLockedOutAnswers(client)

        let fleet = try AppFleet(count: 1, prefix: "victim", busAddress: address, agentUniqueName: unique)
        defer { fleet.close() }
        let listener = try LockSignalListener(systemBusAddress: systemAddress, logindUniqueName: logindUniqueName)
        defer { listener.close() }
        var quiet = Latencies()
        _ = try lockCycle(fleet, listener: listener)
        for _ in 0..<options.floodIterations {
            quiet.record(nanoseconds: try lockCycle(fleet, listener: listener).first)
        }
        let flood = PasscodeFlood(address: address, app: Self.floodApp, clients: 8)
        var flooded = Latencies()
        let answers: [String: Int]
        do {
            Thread.sleep(forTimeInterval: 0.3)
            for _ in 0..<options.floodIterations {
                flooded.record(nanoseconds: try lockCycle(fleet, listener: listener).first)
            }
            answers = flood.stop()
        } catch {
            _ = flood.stop()
            throw error
        }
        report.add("flood", "lock p99, quiet", quiet.p99, "µs")
        report.add("flood", "lock p99, 8 clients sending wrong passcodes", flooded.p99, "µs")
        let delta = flooded.p99 - quiet.p99
        report.add("flood", "p99 moved by", delta, "µs", target: "< 1000 µs", met: delta < 1000)
        report.add("flood", "lock p50, flooded", flooded.p50, "µs")
        report.notes.append("Flood answers: "
            + answers.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ".")
    }
}
