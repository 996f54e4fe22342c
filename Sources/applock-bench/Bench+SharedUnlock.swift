import AppLockClient
import AppLockCore
import AppLockProtocol
import DBusKit
import Foundation
import SystemKit

extension Bench {
    /// `Unlock` with the AppLock passcode when 20 apps use it, beside the figure for one app's own passcode: one app
    /// locked by hand (nothing else unlocks with it), then, with `UnlockTogether` confirmed for all 20, after logind's
    /// `Lock` (the other 19 unlock with it: the reply, and the last of the 20 `StateChanged`).
    func measureSharedUnlock() throws {
        let (agent, unique) = try startAgent()
        defer { agent.terminate() }
        let address = environment.sessionBus.address
        let client = try AppLockConnection(busAddress: address, timeout: .seconds(60)).blocking
        defer { client.connection.close() }
        let passcode = "4826"
        let set = Result { () throws(AppLockError) in
            try client.connection.performBlocking(.setSharedPasscode(passcode, kind: .fourDigit))
        }
        if case .failure(let error) = set, error.agentError != .passcodeExists { throw error }
        let fleet = try AppFleet(count: Self.sharedApps, prefix: "shared", busAddress: address, agentUniqueName: unique)
        defer { fleet.close() }
        let apps = try fleet.ids.map { try AppID($0) }
        for app in apps { try client.connection.performBlocking(.useSharedPasscode(app)) }
        let first = apps[0]
        // The first entry in this run may derive the sealing key (one Argon2id more): it is not measured.
        try client.lock(first)
        try client.unlock(first, passcode: passcode)

        var byHand = Latencies()
        for _ in 0..<options.unlocks {
            try client.lock(first)
            let start = EventLoop.bootTimeNanoseconds()
            try client.unlock(first, passcode: passcode)
            byHand.record(nanoseconds: EventLoop.bootTimeNanoseconds() - start)
        }
        report.add("unlock", "Unlock with the AppLock passcode, \(apps.count) apps use it, locked by hand p50", byHand.p50 / 1000, "ms")

        let policyDirectory = environment.configHome.appendingPathComponent("applock/apps.d")
        let files = apps.map { policyDirectory.appendingPathComponent("\($0).conf") }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        for file in files { try "[Policy]\nUnlockTogether=true\n".write(to: file, atomically: true, encoding: .utf8) }
        try client.connection.performBlocking(.reloadPolicy)
        for app in apps { try client.connection.performBlocking(.confirmPolicy(app, passcode: passcode)) }

        var reply = Latencies()
        var together = Latencies()
        for _ in 0..<options.unlocks {
            fleet.board.reset(expecting: .locked)
            try callLogindSession("Lock")
            guard fleet.board.waitForAll(timeout: 30) != nil else {
                throw BenchError("only \(fleet.board.arrivedCount) of \(apps.count) apps saw the session lock")
            }
            try callLogindSession("Unlock")
            fleet.board.reset(expecting: .unlocked)
            let start = EventLoop.bootTimeNanoseconds()
            try client.unlock(first, passcode: passcode)
            reply.record(nanoseconds: EventLoop.bootTimeNanoseconds() - start)
            guard let times = fleet.board.waitForAll(timeout: 30) else {
                throw BenchError("only \(fleet.board.arrivedCount) of \(apps.count) apps unlocked together")
            }
            together.record(nanoseconds: (times.max() ?? start) &- start)
        }
        report.add("unlock", "Unlock with the AppLock passcode, UnlockTogether, \(apps.count) apps: reply p50", reply.p50 / 1000, "ms")
        report.add("unlock", "Unlock with the AppLock passcode, UnlockTogether, \(apps.count) apps: last StateChanged p50",
                   together.p50 / 1000, "ms")
    }

    /// How many apps use the AppLock passcode in ``measureSharedUnlock()``.
    static let sharedApps = 20
}
