import AppLockClient
import AppLockProtocol
import SystemKit

extension Bench {
    // A valid id, written out.
    static let lockedOutApp = try! AppID("org.bench.LockedOut")

    /// How long a locked-out app takes to answer `Unlock` with the right passcode and with a wrong one: the agent
    /// refuses before it fetches the stored hash, so the two must not differ (the tests show the order, not the time).
    func measureLockedOutAnswers(_ client: AppLockBlockingCalls) throws {
        let app = Self.lockedOutApp
        try client.register(app)
        let set = Result { () throws(AppLockError) in try client.setPasscode(app, "2468", kind: .fourDigit) }
        if case .failure(let error) = set, error.agentError != .passcodeExists { throw error }
        var lockedOut = false
        for _ in 0..<100 where !lockedOut {
            let answer = Result { () throws(AppLockError) in try client.unlock(app, passcode: "0000") }
            if case .failure(let error) = answer, error.agentError == .lockedOut { lockedOut = true }
        }
        guard lockedOut else { throw BenchError("\(app) was never locked out") }
        var right = Latencies()
        var wrong = Latencies()
        for round in 0..<(options.unlocks * 10) {
            let passcode = round % 2 == 0 ? "2468" : "0000"
            let start = EventLoop.bootTimeNanoseconds()
            let answer = Result { () throws(AppLockError) in try client.unlock(app, passcode: passcode) }
            let took = EventLoop.bootTimeNanoseconds() - start
            guard case .failure(let error) = answer, error.agentError == .lockedOut else {
                throw BenchError("a locked-out \(app) answered \(answer)")
            }
            if round % 2 == 0 { right.record(nanoseconds: took) } else { wrong.record(nanoseconds: took) }
        }
        report.add("unlock", "LockedOut answer p50, right passcode", right.p50, "µs")
        report.add("unlock", "LockedOut answer p50, wrong passcode", wrong.p50, "µs")
    }
}
