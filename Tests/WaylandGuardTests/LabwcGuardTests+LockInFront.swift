import AppLockTestSupport
import Foundation
import Testing

extension LabwcGuardTests {
    @Test("With another window on screen, labwc focuses it as the guard minimises the locked app, yet the lock window comes and keeps the keyboard: when the app locks in front, and when the user reaches for it from the other window; the passcode typed next unlocks")
    func lockWindowKeepsTheKeyboardWhenLabwcFocusesAnotherWindow() throws {
        let h = try LabwcGuardHarness("labwc-lock-in-front")
        try h.startGuard()
        try h.startApp()
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        try h.unlockWithApplockctl()
        #expect(h.waitUntilHidden(false, label: "unlocked"), "\(h.guardLog())")

        let other = "org.example.Other"
        h.apps.append(try h.session.launch(
            ["foot", "-a", other, "-o", "\(FootColours.section).background=0000ff"], logName: "other-foot"))
        #expect(waitUntil(timeout: .seconds(15)) { h.session.windowCount(appID: other) == 1 }, "the other window is there")
        h.session.reach(for: Self.app)
        #expect(waitUntil(timeout: .seconds(10)) { h.session.hasToplevel(Self.app, state: "active") },
                "the app is in front: \(h.session.focusReport(Self.app))")

        let locked = h.environment.run([try PackageFolders.program("applockctl"), "lock", Self.app])
        #expect(locked.succeeded, "\(locked.stderr)")
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(label: "locked-in-front"), "\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(20)) { h.session.hasToplevel("applock-lock-window", state: "active") },
                "locked in front: the lock window comes with the keyboard\n\(h.guardLog())")

        h.session.reach(for: other)
        #expect(waitUntil(timeout: .seconds(10)) { !h.session.hasToplevel("applock-lock-window") },
                "the lock window leaves when the user goes to the other window\n\(h.guardLog())")
        h.session.reach(for: Self.app)
        #expect(waitUntil(timeout: .seconds(20)) {
            h.session.hasToplevel("applock-lock-window", state: "active") && h.session.hasToplevel(Self.app, state: "minimized")
        }, "reached for from the other window: the lock window comes with the keyboard, the app stays minimised\n\(h.session.focusReport(Self.app))\n\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? h.screenPixels(LabwcGuardHarness.lockWindowColours)) ?? 0 > 50_000
        }, "the lock window is on screen")
        #expect(h.waitUntilHidden(label: "reached-from-other"), "\(h.guardLog())")
        h.session.type(LabwcGuardHarness.passcode)
        h.session.key("Return")
        #expect(h.waitForState("unlocked"), "the passcode reached the lock window: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(false, label: "unlocked-again"), "\(h.guardLog())")
        #expect(!h.recorded().contains(LabwcGuardHarness.passcode), "the passcode reached the app: \(h.recorded())")
        #expect(!h.guardLog().contains("Unrecognized value"),
                "the lock window's GDK flags are ones this GTK knows (GDK_DISABLE=gl from 4.16): \(h.guardLog())")
    }
}
