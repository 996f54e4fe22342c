import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

extension SwayGuardTests {
    @Test("Super+Alt+L pressed as keys (wtype's virtual keyboard, through sway's own key handling) locks every protected app: the guard binds it in sway through IPC while it runs, and unbinds it when it stops")
    func theShortcutLocksEveryApp() throws {
        let h = try SwayGuardHarness("sway-shortcut")
        try h.startGuard()
        try h.startApp()
        #expect(h.waitForState("locked"))
        try h.unlockWithApplockctl()
        #expect(h.waitUntilHidden(false, label: "unlocked"), "\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(10)) { h.guardLog().contains("<Super><Alt>l locks every protected app (bound in sway)") },
                "\(h.guardLog())")
        let probe = GuardStatusProbe(environment: h.environment)
        #expect(probe.text(of: .lockAllShortcut) == "<Super><Alt>l", "the guard publishes what it bound, for Settings' row")
        #expect(probe.text(of: .lockAllShortcutProblem) == "")

        h.pressSuperAlt("l")
        #expect(h.waitForState("locked"), "\(h.guardLog())")
        #expect(h.waitUntilHidden(label: "locked-by-shortcut"), "\(h.guardLog())")

        // Once the guard has stopped, the shortcut runs nothing: sway's binding events, read until a binding of the
        // test's own pressed after it, name no binding of the guard's.
        h.guardProcess?.stop()
        h.session.run(["swaymsg", "bindsym Mod4+Mod1+k nop applock-test-sentinel"])
        let events = try h.session.launch(["swaymsg", "-m", "-t", "subscribe", "[\"binding\"]"], logName: "bindings")
        defer { events.stop() }
        var sentinel = false
        #expect(waitUntil(timeout: .seconds(10)) {
            h.pressSuperAlt("l")
            h.pressSuperAlt("k")
            sentinel = events.logText().contains("applock-test-sentinel")
            return sentinel
        }, "sway's binding events: \(events.logText())")
        #expect(sentinel && !events.logText().contains("applock-lock-all"), "the guard's binding stayed: \(events.logText())")
    }
}

extension SwayGuardHarness {
    /// Presses Super+Alt+`key` with wtype's virtual keyboard.
    func pressSuperAlt(_ key: String) {
        session.run(["wtype", "-s", "100", "-M", "logo", "-M", "alt", "-k", key, "-m", "alt", "-m", "logo"])
    }
}
