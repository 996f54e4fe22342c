import AppLockProtocol
import AppLockTestSupport
import Foundation
import SystemKit
import WaylandKit

extension Bench {
    static let swayGuardedApp = "org.bench.SwayGuarded"

    /// logind `Lock` → a guarded app's window gone from sway's screen (sway has moved it to the scratchpad: its
    /// next frame no longer draws it), with headless sway and an unmodified foot. As in the X11 row, the app has no
    /// passcode: `Lock` obscures it and logind's `Unlock` brings it back.
    func measureSwayGuard() throws {
        let apps = environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try "[Policy]\nGuard=true\n".write(
            to: apps.appendingPathComponent("\(Self.swayGuardedApp).conf"), atomically: true, encoding: .utf8)
        let (agent, _) = try startAgent()
        defer { agent.terminate() }
        let session = try SwaySession(environment: environment)
        defer { session.stop() }
        let app = try session.launch(["foot", "-a", Self.swayGuardedApp], logName: "bench-foot")
        defer { app.stop() }
        let guardProcess = try session.launch([try Self.sibling("applock-guard")], logName: "bench-sway-guard")
        defer { guardProcess.stop() }
        func appWindow() -> SwayWindow? { session.windows().first { $0.appID == Self.swayGuardedApp } }
        guard waitUntil(timeout: .seconds(15), { appWindow()?.onScreen == true }),
              environment.waitForName(GuardBusNames.busName)
        else { throw BenchError("foot or the guard did not start on sway: \(guardProcess.logText())") }
        // A Lock sent before the guard has registered the app reaches no app of the agent's; and the guard covers
        // the window until the agent answers the registration: the rounds start once it is back on screen.
        try waitUntilGuardRegisters(Self.swayGuardedApp, guardProcess: guardProcess)
        guard waitUntil(timeout: .seconds(15), { appWindow()?.onScreen == true }) else {
            throw BenchError("the app never came back on screen after the guard registered it: \(guardProcess.logText())")
        }

        let events = try SwayIPC(socketPath: session.socketPath)
        let requests = try SwayIPC(socketPath: session.socketPath)
        try events.subscribe(["window"])
        let listener = try LockSignalListener(systemBusAddress: systemAddress, logindUniqueName: logindUniqueName)
        defer { listener.close() }
        /// Waits for sway's window events until the app is (or is not) on a workspace; returns when the event came.
        func waitUntilApp(onScreen: Bool) throws -> UInt64 {
            let deadline = EventLoop.bootTimeNanoseconds() + 10_000_000_000
            while EventLoop.bootTimeNanoseconds() < deadline {
                guard events.waitReadable(milliseconds: 1000) else { continue }
                let at = EventLoop.bootTimeNanoseconds()
                _ = try events.readEvents()
                let window = try requests.tree().windows().first { $0.window.appID == Self.swayGuardedApp }
                if let window, (window.workspace != "__i3_scratch") == onScreen { return at }
            }
            throw BenchError("the app never went \(onScreen ? "back on screen" : "off screen"): \(guardProcess.logText())")
        }
        var hidden = Latencies()
        let rounds = options.tiny ? 3 : 30
        for round in 0...rounds {
            listener.reset()
            try callLogindSession("Lock")
            guard let start = listener.waitForArrival(timeout: 10) else { throw BenchError("Lock never arrived") }
            let gone = try waitUntilApp(onScreen: false)
            if round > 0 { hidden.record(from: start, to: gone) }
            try callLogindSession("Unlock")
            _ = try waitUntilApp(onScreen: true)
        }
        report.add("guard", "logind Lock → app window hidden (sway) p50", hidden.p50 / 1000, "ms")
        report.add("guard", "logind Lock → app window hidden (sway) p99", hidden.p99 / 1000, "ms",
                   target: "≤ 16.7 ms (one frame at 60 Hz)", met: hidden.p99 <= 16_700)
    }
}
