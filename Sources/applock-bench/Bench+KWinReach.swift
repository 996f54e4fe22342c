import AppLockClient
import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation

extension Bench {
    static let kwinReachApp = try! AppID("org.bench.KWinReach")

    /// Reach for a locked app → its keypad, on KWin (as ``KWinSession`` runs it; the row names the version) with an
    /// xterm on Xwayland, measured from KWin's own view: a KWin script of the bench's own calls back when KWin
    /// restores the locked app's window (the bench reaches for it as the task bar does: restored and activated; the
    /// guard's script minimises it again at once) and when KWin adds the lock window (KWin adds a Wayland window once
    /// its first frame is committed). Pixels are not polled: a screenshot through KWin takes longer than what is
    /// measured. Between rounds another xterm is reached for (the lock window leaves) and the next reach waits, as on
    /// X11, for the guard's next lock window.
    func measureKWinReach() throws {
        // KWin reports an Xwayland window's class in lower case.
        try writeGuardedApp(Self.kwinReachApp, wmClass: Self.kwinReachApp.rawValue.lowercased())
        let (agent, _) = try startAgent()
        defer { agent.terminate() }
        let owner = try AppLockConnection(busAddress: environment.sessionBus.address, timeout: .seconds(30))
        defer { owner.close() }
        try owner.blocking.setPasscode(Self.kwinReachApp, "1234", kind: .fourDigit)
        let session = try KWinSession(environment: environment)
        defer { session.stop() }
        let events = try ReachEvents(sessionBusAddress: environment.sessionBus.address)
        defer { events.close() }
        let script = environment.root.appendingPathComponent("bench-reach-observer.js")
        try (KWinScriptPackage.compatibility() + """
            function event(kind) { callDBus("\(events.uniqueName)", "\(ReachEvents.path)", "\(ReachEvents.interface)", "Event", kind); }
            function observe(c) {
                const name = String(c.resourceClass).toLowerCase();
                if (name === "\(Self.lockWindowAppID)") event("lock window");
                if (name !== "\(Self.kwinReachApp.rawValue.lowercased())") return;
                c.minimizedChanged.connect(function () { if (!c.minimized) event("restored"); });
            }
            windowList().forEach(observe);
            windowAdded.connect(observe);
            """).write(to: script, atomically: true, encoding: .utf8)
        let loader = try Connection.address(environment.sessionBus.address)
        defer { loader.close() }
        try KWinSession.loadScript(script, name: "applock-bench-reach", on: loader)
        let other = try session.launch(["xterm", "-class", "BenchKWinOther"], logName: "bench-kwin-reach-other")
        defer { other.stop() }
        let app = try session.launch(["xterm", "-class", Self.kwinReachApp.rawValue], logName: "bench-kwin-reach-app")
        defer { app.stop() }
        guard waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(100), {
            let classes = ((try? session.windows()) ?? []).map { $0.resourceClass.lowercased() }
            return classes.contains("benchkwinother") && classes.contains(Self.kwinReachApp.rawValue.lowercased())
        }) else {
            throw BenchError("the xterms never showed on KWin: \(other.logText())\n\(app.logText())\n\(session.logText().suffix(3000))")
        }
        let guardProcess = try session.launch([try Self.sibling("applock-guard"), "--verbose"], logName: "bench-kwin-reach-guard")
        defer { guardProcess.stop() }
        func standbys() -> Int { guardProcess.logText().components(separatedBy: Self.standbyLine).count - 1 }
        func lockWindowUp() -> Bool { ((try? session.windows()) ?? []).contains { $0.resourceClass == Self.lockWindowAppID } }
        // The guard hid the app as it started: reached for once the guard has a lock window ready.
        _ = waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(50)) { standbys() > 0 }
        try session.reachFor(pid: app.pid)
        guard waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(200), { lockWindowUp() }) else {
            let seen = ((try? session.windows()) ?? []).map { "\($0.resourceClass) \($0.pid)" }
            throw BenchError("the lock window never came up over the locked app on KWin (KWin has \(seen)): \(guardProcess.logText())")
        }
        var reach = Latencies()
        let rounds = options.tiny ? 2 : 30
        for round in 1...rounds {
            let ready = standbys()
            try session.reachFor(pid: other.pid)
            guard waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(50), { !lockWindowUp() }) else {
                throw BenchError("round \(round): the lock window stayed when another window was reached for")
            }
            _ = waitUntil(timeout: .seconds(5), pollEvery: .milliseconds(10)) { standbys() > ready }
            events.reset()
            try session.reachFor(pid: app.pid)
            guard let restored = events.waitFor("restored", timeout: 20),
                  let shown = events.waitFor("lock window", timeout: 20) else {
                throw BenchError("round \(round): no lock window after reaching for the locked app: \(guardProcess.logText())")
            }
            reach.record(from: restored, to: shown)
        }
        report.add("reach", "reach for a locked app (KWin \(session.version)) → keypad's first frame p50 (\(rounds) rounds)",
                   reach.p50 / 1000, "ms", target: "≤ 50 ms", met: reach.p50 <= 50_000)
        report.add("reach", "reach for a locked app (KWin \(session.version)) → keypad's first frame p99", reach.p99 / 1000,
                   "ms", target: "≤ 100 ms", met: reach.p99 <= 100_000)
    }
}
