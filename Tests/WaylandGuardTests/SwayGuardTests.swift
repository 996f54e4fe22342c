import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// applock-guard on headless sway (run as a non-root user), over an unmodified foot terminal.
@Suite("Guard on sway", .serialized)
struct SwayGuardTests {
    @Test("A guarded app starts hidden with the lock window in front; keys typed meanwhile reach nothing; the passcode typed into the lock window brings it back")
    func startsHiddenAndUnlocksFromTheLockWindow() throws {
        let h = try SwayGuardHarness("sway-starts-hidden")
        try h.startGuard()
        #expect(waitUntil(timeout: .seconds(10)) { h.guardLog().contains("protecting guarded apps on sway (its IPC answers)") },
                "\(h.guardLog())")
        try h.startApp()
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(label: "locked-at-launch"), "\(h.guardLog())")
        var lock: SwayWindow?
        #expect(waitUntil(timeout: .seconds(20)) {
            lock = h.lockWindow()
            return lock?.focused == true && lock?.floating == true
        }, "the lock window is floating and focused: \(h.session.windows())\n\(h.guardLog())")
        #expect(h.waitUntilHidden(label: "lock-window"), "\(h.guardLog())")
        var placed: SwayWindow?
        let output = h.session.outputs().first
        #expect(waitUntil(timeout: .seconds(10)) {
            placed = h.lockWindow()
            guard let output, let rect = placed?.rect, let surface = placed?.surface else { return false }
            let off = output.centreOffset(of: rect)
            return output.contains(rect) && off.x <= 4 && off.y <= 4
                && surface.width <= rect.width && surface.height <= rect.height
        }, "the lock window lies on the output, centred, drawn at the size sway gave it: \(String(describing: placed)) on \(String(describing: output))")
        _ = try? h.visibleAppPixels(label: "lock-window-placed")
        #expect(try h.screenPixels(SwayGuardHarness.lockWindowColours) > 100_000, "the lock window is on screen")

        h.session.type("typed while hidden")
        h.session.key("Return")
        h.session.run(["swaymsg", "[app_id=\"\(SwayGuardHarness.app)\"] focus"])
        h.session.type("typed after focus")
        #expect(h.waitUntilHidden(label: "after-typing"), "\(h.guardLog())")

        if let lock { h.session.run(["swaymsg", "[con_id=\(lock.id)] focus"]) }
        h.session.type(SwayGuardHarness.passcode)
        h.session.key("Return")
        _ = try? h.visibleAppPixels(label: "passcode-typed")
        #expect(h.waitForState("unlocked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(false, label: "unlocked"), "\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(10)) { h.lockWindow() == nil }, "the lock window ends")
        #expect(waitUntil(timeout: .seconds(5)) {
            h.session.windows().first { $0.appID == SwayGuardHarness.app }?.focused == true
        }, "the app has the focus again")
        h.session.type("after")
        #expect(waitUntil(timeout: .seconds(5)) { h.recorded().contains("after") }, "the unlocked app gets keys")
        #expect(!h.recorded().contains("typed"), "keys typed while hidden reached the app: \(h.recorded())")
        #expect(!h.recorded().contains(SwayGuardHarness.passcode), "the passcode reached the app: \(h.recorded())")
    }

    @Test("logind Lock hides the unlocked app; unlocked again, it comes back")
    func logindLockHides() throws {
        let h = try SwayGuardHarness("sway-logind-lock")
        try h.startGuard()
        try h.startApp()
        #expect(h.waitForState("locked"))
        try h.unlockWithApplockctl()
        #expect(h.waitUntilHidden(false, label: "unlocked"), "\(h.guardLog())")

        try h.environment.logindSessionLock()
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilHidden(label: "logind-lock"), "\(h.guardLog())")
        try h.unlockWithApplockctl()
        try h.environment.logindSessionUnlock()
        #expect(h.waitUntilHidden(false, label: "after-logind-unlock"), "\(h.guardLog())")
    }

    @Test("Protected once sway's IPC answered; sway gone, the guard says so on the bus, in applockctl status and in one notification")
    func swayGoneIsSaid() throws {
        let h = try SwayGuardHarness("sway-gone")
        try h.environment.startNotificationServer()
        try h.startGuard()
        let probe = GuardStatusProbe(environment: h.environment)
        #expect(probe.waitFor(nil)?.statement == "protecting guarded apps on sway (its IPC answers)", "\(h.guardLog())")
        let printed = try probe.applockctlStatus()
        #expect(printed.status == 0 && printed.stdout.contains("Guard:   protecting guarded apps on sway"), "\(printed.stdout)")
        h.session.stop()
        try expectNotProtecting(probe, .compositorGone, statement: "NOT protecting on sway: sway's IPC has gone", log: h.guardLog)
    }

    @Test("On a desktop it cannot protect, the guard says so once, applockctl status shows it, and one notification names the guarded app")
    func unprotectedDesktopIsSaid() throws {
        let environment = try TestEnvironment()
        defer { environment.cleanup() }
        let apps = environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try "[Policy]\nGuard=true\n".write(to: apps.appendingPathComponent("\(SwayGuardHarness.app).conf"), atomically: true,
                                          encoding: .utf8)
        try environment.startNotificationServer()
        let agent = try AgentProcess(environment: environment)
        try agent.waitUntilServing()
        let guardProcess = try SessionProcess(
            [try PackageFolders.program("applock-guard")],
            variables: environment.environment.merging(["WAYLAND_DISPLAY": "wayland-9", "XDG_CURRENT_DESKTOP": "river"]) { $1 },
            in: environment, logName: "guard")
        defer { guardProcess.stop() }
        #expect(environment.waitForName(GuardBusNames.busName), "\(guardProcess.logText())")
        try expectNotProtecting(
            GuardStatusProbe(environment: environment), .unsupportedDesktop,
            statement: "NOT protecting on this Wayland desktop (river): this compositor offers no wlr-foreign-toplevel-management",
            appName: SwayGuardHarness.app
        ) { guardProcess.logText() }
        let said = guardProcess.logText().components(separatedBy: "NOT protecting").count - 1
        #expect(said == 1, "\(guardProcess.logText())")
    }
}
