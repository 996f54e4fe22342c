import AppLockClient
import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import Foundation
import Synchronization
import SystemKit
import Testing

/// ``AppLockConnection`` opened on a program's own event loop (the guard's): replies, signals and the agent's
/// presence all arrive on that loop's thread, the agent's presence is reported at once and then as it comes and
/// goes, and closing the connection leaves the program's loop running.
@Suite("AppLockConnection on the caller's loop")
struct LoopConnectionTests {
    /// What the handlers saw, each with whether it ran on the loop's thread.
    struct Seen {
        var presence: [Bool] = []
        var registered: Result<Void, AppLockError>?
        var states: [AppState] = []
        var offLoop: [String] = []
    }

    @Test func everyAnswerAndSignalArrivesOnTheCallersLoop() throws {
        let harness = try ClientHarness()
        let app = AppID.notes
        let loop = try EventLoop()
        let connection = try AppLockConnection(loop: loop, busAddress: harness.environment.sessionBus.address)
        let seen = Mutex(Seen())
        let presence = connection.observeAgent(reportingCurrent: true) { present in
            let onLoop = loop.inLoop
            seen.withLock {
                $0.presence.append(present)
                if !onLoop { $0.offLoop.append("presence") }
            }
        }
        let states = connection.observeStateChanges(of: app) { change in
            let onLoop = loop.inLoop
            seen.withLock {
                $0.states.append(change.state)
                if !onLoop { $0.offLoop.append("StateChanged") }
            }
        }
        connection.perform(.register(app)) { result in
            let onLoop = loop.inLoop
            seen.withLock {
                $0.registered = result
                if !onLoop { $0.offLoop.append("RegisterApplication") }
            }
        }
        let runner = Thread { loop.run() }
        runner.start()
        defer { loop.stop() }

        #expect(waitUntil(timeout: .seconds(10)) { seen.withLock { $0.presence == [true] && $0.registered != nil } })
        #expect(throws: Never.self) { try seen.withLock { $0.registered }?.get() }

        let other = try AppLockConnection(busAddress: harness.environment.sessionBus.address)
        defer { other.close() }
        try other.blocking.lock(app)
        #expect(waitUntil(timeout: .seconds(10)) { seen.withLock { $0.states.contains(.obscured) } })
        #expect(try other.blocking.listApplications().first { $0.appID == app }?.owner == connection.uniqueName)

        harness.killAgent()
        #expect(waitUntil(timeout: .seconds(10)) { seen.withLock { $0.presence == [true, false] } })
        try harness.restartAgent()
        #expect(waitUntil(timeout: .seconds(10)) { seen.withLock { $0.presence == [true, false, true] } })
        #expect(seen.withLock { $0.offLoop }.isEmpty)

        presence.cancel()
        states.cancel()
        connection.close()
        let stillRunning = Mutex(false)
        loop.post { stillRunning.withLock { $0 = true } }
        #expect(waitUntil(timeout: .seconds(10)) { stillRunning.withLock { $0 } }, "closing the connection stopped the caller's loop")
    }

    @Test func theBlockingFormIsRefusedOnTheLoopsOwnThread() throws {
        let harness = try ClientHarness()
        let loop = try EventLoop()
        let connection = try AppLockConnection(loop: loop, busAddress: harness.environment.sessionBus.address)
        defer { connection.close() }
        let answer = Mutex<Result<String, AppLockError>?>(nil)
        loop.post { answer.withLock { $0 = Result { () throws(AppLockError) in try connection.blocking.version() } } }
        let runner = Thread { loop.run() }
        runner.start()
        defer { loop.stop() }
        #expect(waitUntil(timeout: .seconds(10)) { answer.withLock { $0 != nil } })
        guard case .failure(.other(let name, _)) = answer.withLock({ $0 }) else {
            Issue.record("a blocking call on the loop's thread answered \(String(describing: answer.withLock { $0 }))")
            return
        }
        #expect(name == "AppLockConnection")
        #expect(try connection.blocking.version().isEmpty == false)
    }
}
