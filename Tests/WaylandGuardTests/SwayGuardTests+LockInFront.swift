import AppLockTestSupport
import Foundation
import Testing

extension SwayGuardTests {
    @Test("An app that locks while in front with another window on its workspace: sway hands that window the focus as the guard hides the app, yet the lock window comes and keeps the keyboard, so the passcode typed next unlocks")
    func lockedInFrontKeepsItsLockWindow() throws {
        let h = try SwayGuardHarness("sway-lock-in-front")
        try h.startGuard()
        try h.startApp()
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        try h.unlockWithApplockctl()
        #expect(h.waitUntilHidden(false, label: "unlocked"), "\(h.guardLog())")

        let other = "org.example.Other"
        h.apps.append(try h.session.launch(
            ["foot", "-a", other, "-o", "\(FootColours.section).background=0000ff"], logName: "other-foot"))
        #expect(waitUntil(timeout: .seconds(15)) { h.session.windowCount(appID: other) == 1 }, "the other window is there")
        h.session.run(["swaymsg", "[app_id=\"\(SwayGuardHarness.app)\"] focus"])
        #expect(waitUntil(timeout: .seconds(10)) {
            h.session.windows().first { $0.appID == SwayGuardHarness.app }?.focused == true
        }, "the app is in front: \(h.session.windows())")

        let locked = h.environment.run([try PackageFolders.program("applockctl"), "lock", SwayGuardHarness.app])
        #expect(locked.succeeded, "\(locked.stderr)")
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(label: "locked-in-front"), "\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(20)) { h.lockWindow()?.focused == true },
                "the lock window comes with the keyboard: \(h.session.windows())\n\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(10)) { (try? h.screenPixels(SwayGuardHarness.lockWindowColours)) ?? 0 > 100_000 },
                "the lock window is on screen\n\(h.guardLog())")
        _ = try? h.visibleAppPixels(label: "lock-window")
        h.session.type(SwayGuardHarness.passcode)
        h.session.key("Return")
        #expect(h.waitForState("unlocked"), "the passcode reached the lock window: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(false, label: "unlocked-again"), "\(h.guardLog())")
        #expect(!h.recorded().contains(SwayGuardHarness.passcode), "the passcode reached the app: \(h.recorded())")
    }
}
