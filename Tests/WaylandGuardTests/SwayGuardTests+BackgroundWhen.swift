import AppLockTestSupport
import Foundation
import Testing

extension SwayGuardTests {
    /// With `ObscureInBackground`, a `background` reported while the app sits in the guard's scratchpad would leave it
    /// obscured, hidden for good, after the unlock: the guard's own scratchpad must count as shown.
    @Test("BackgroundWhen=minimised (the default): the app the guard keeps in the scratchpad while locked is not hidden, so once unlocked it stays unlocked past its GracePeriod; the user's own move to the scratchpad locks it")
    func theGuardsScratchpadIsNotHidden() throws {
        let h = try SwayGuardHarness("sway-background-when", policy: "GracePeriod=1\nObscureInBackground=true\n")
        try h.startGuard()
        try h.startApp()
        let window = try #require(h.appWindow())
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilHidden(label: "locked"), "\(h.guardLog())")

        try h.unlockWithApplockctl()
        #expect(h.waitUntilHidden(false, label: "unlocked"), "\(h.guardLog())")
        // A lock or obscure that must not come: waited for well past the GracePeriod of 1 s.
        let changed = waitUntil(timeout: .seconds(4)) { h.state() != "unlocked" }
        #expect(!changed, "the unlocked app went \(h.state() ?? "none")\n\(h.guardLog())")

        h.session.run(["swaymsg", "[con_id=\(window)] move scratchpad"])
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
    }
}
