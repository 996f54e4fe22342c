import AppLockClient
import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import Foundation
import SystemKit
import WaylandKit

extension Bench {
    static let swayReachApp = try! AppID("org.bench.SwayReach")
    static let swayOtherApp = "org.bench.SwayOther"

    /// Reach for a locked app → its keypad, on headless sway with foot, measured from sway's own view: from sway's
    /// answer to `[app_id=…] focus` (a person picking the app: sway shows it from the scratchpad, focuses it and sends
    /// its `window` event before it answers) to sway's `window` event after which its tree holds the lock window
    /// (sway maps a toplevel when it commits its first buffer, drawn on the output's next frame), as the sway guard
    /// row reads it. Pixels are not polled here: grim's capture takes longer than what is measured. Between rounds
    /// the other foot gets the focus (the lock window leaves) and the next reach waits, as on X11, for the guard's next
    /// lock window to be ready (at most 5 s).
    func measureSwayReach() throws {
        try writeGuardedApp(Self.swayReachApp, wmClass: Self.swayReachApp.rawValue)
        let (agent, _) = try startAgent()
        defer { agent.terminate() }
        let owner = try AppLockConnection(busAddress: environment.sessionBus.address, timeout: .seconds(30))
        defer { owner.close() }
        try owner.blocking.setPasscode(Self.swayReachApp, "1234", kind: .fourDigit)
        let session = try SwaySession(environment: environment)
        defer { session.stop() }
        let other = try session.launch(["foot", "-a", Self.swayOtherApp], logName: "bench-sway-other")
        defer { other.stop() }
        let app = try session.launch(["foot", "-a", Self.swayReachApp.rawValue], logName: "bench-sway-reach")
        defer { app.stop() }
        let guardProcess = try session.launch([try Self.sibling("applock-guard"), "--verbose"], logName: "bench-sway-reach-guard")
        defer { guardProcess.stop() }
        func standbys() -> Int { guardProcess.logText().components(separatedBy: Self.standbyLine).count - 1 }
        let requests = try SwayIPC(socketPath: session.socketPath)
        func lockWindowUp() throws -> Bool { try requests.tree().windows().contains { $0.window.appID == Self.lockWindowAppID } }
        // The guard hid the app as it started: reached for once the guard has a lock window ready.
        _ = waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(50)) { standbys() > 0 }
        try requests.command("[app_id=\"\(Self.swayReachApp)\"] focus")
        guard waitUntil(timeout: .seconds(30), { (try? lockWindowUp()) == true }) else {
            throw BenchError("the lock window never came up over the locked app on sway: \(guardProcess.logText())")
        }
        let events = try SwayIPC(socketPath: session.socketPath)
        try events.subscribe(["window"])
        /// Reads sway's window events until one after which the lock window is in sway's tree; when it arrived.
        func waitForLockWindow() throws -> UInt64 {
            let deadline = EventLoop.bootTimeNanoseconds() + 20_000_000_000
            while EventLoop.bootTimeNanoseconds() < deadline {
                guard events.waitReadable(milliseconds: 1000) else { continue }
                let at = EventLoop.bootTimeNanoseconds()
                _ = try events.readEvents()
                if try lockWindowUp() { return at }
            }
            throw BenchError("the lock window never came up on sway: \(guardProcess.logText())")
        }
        let version = session.run(["sway", "--version"]).stdout.split(separator: " ").last
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
        var reach = Latencies()
        let rounds = options.tiny ? 2 : 30
        for round in 1...rounds {
            let ready = standbys()
            // The guard focuses a lock window it has just mapped (twice: placing it, then handing it the keyboard),
            // which undoes a focus given to the other window in between: the other window is focused again until the
            // lock window goes.
            var gone = false
            for _ in 1...5 where !gone {
                try requests.command("[app_id=\"\(Self.swayOtherApp)\"] focus")
                gone = waitUntil(timeout: .seconds(2), pollEvery: .milliseconds(10)) { (try? lockWindowUp()) == false }
            }
            guard gone else { throw BenchError("round \(round): the lock window stayed when the other window was focused") }
            _ = waitUntil(timeout: .seconds(5), pollEvery: .milliseconds(10)) { standbys() > ready }
            _ = try events.readEvents()
            try requests.command("[app_id=\"\(Self.swayReachApp)\"] focus")
            let focused = EventLoop.bootTimeNanoseconds()
            let shown = try waitForLockWindow()
            reach.record(from: focused, to: shown)
        }
        report.add("reach", "reach for a locked app (sway \(version)) → keypad's first frame p50 (\(rounds) rounds)",
                   reach.p50 / 1000, "ms", target: "≤ 50 ms", met: reach.p50 <= 50_000)
        report.add("reach", "reach for a locked app (sway \(version)) → keypad's first frame p99", reach.p99 / 1000, "ms",
                   target: "≤ 100 ms", met: reach.p99 <= 100_000)
    }
}
