import AppLockProtocol
import AppLockTestSupport
import Foundation

extension Bench {
    static let labwcGuardedApp = "org.bench.LabwcGuarded"

    /// logind `Lock` → a guarded app's window minimised by labwc (the guard's wlroots backend asked for it through
    /// wlr-foreign-toplevel-management), seen by a second client of that protocol of the bench's own; headless labwc
    /// (Debian 13) and an unmodified foot. The app has no passcode, as in the other rows.
    func measureLabwcGuard() throws {
        let apps = environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try "[Policy]\nGuard=true\n".write(
            to: apps.appendingPathComponent("\(Self.labwcGuardedApp).conf"), atomically: true, encoding: .utf8)
        let (agent, _) = try startAgent()
        defer { agent.terminate() }
        let session = try LabwcSession(environment: environment)
        defer { session.stop() }
        let app = try session.launch(["foot", "-a", Self.labwcGuardedApp], logName: "bench-foot")
        defer { app.stop() }
        let guardProcess = try session.launch([try Self.sibling("applock-guard")], logName: "bench-labwc-guard")
        defer { guardProcess.stop() }
        guard environment.waitForName(GuardBusNames.busName) else {
            throw BenchError("the guard did not start on labwc: \(guardProcess.logText())")
        }
        // A Lock sent before the guard has registered the app reaches no app of the agent's; and the guard keeps the
        // window minimised until the agent answers the registration: the rounds start once it is back on screen.
        try waitUntilGuardRegisters(Self.labwcGuardedApp, guardProcess: guardProcess)
        let board = try WlrToplevelBoard(display: session.variables["WAYLAND_DISPLAY"] ?? "")
        guard board.waitUntil(timeout: 15, { $0.contains { $0.appID == Self.labwcGuardedApp && !$0.minimized } }) != nil else {
            throw BenchError("the app never came back on screen after the guard registered it: \(guardProcess.logText())")
        }
        let observer = try WlrMinimizeListener(display: session.variables["WAYLAND_DISPLAY"] ?? "", appID: Self.labwcGuardedApp)
        let (hidden, listenerLate) = try lockToHiddenLatencies(observer: observer, guardProcess: guardProcess)
        if listenerLate > 0 {
            report.add("guard", "labwc rounds left out (the Lock listener ran after labwc had acted)", Double(listenerLate), "")
        }
        report.add("guard", "logind Lock → app window minimised (labwc) p50", hidden.p50 / 1000, "ms")
        report.add("guard", "logind Lock → app window minimised (labwc) p99", hidden.p99 / 1000, "ms",
                   target: "≤ 16.7 ms (one frame at 60 Hz)", met: hidden.p99 <= 16_700)
    }
}
