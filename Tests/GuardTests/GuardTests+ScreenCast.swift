import AppLockTestSupport
import Foundation
import Testing

extension GuardTests {
    @Test("A screen cast seen in PipeWire (a Video/Source stream) covers the app (obscured, reason screen-share, none of its pixels on screen) and its end uncovers it")
    func screenCastThroughPipeWireCoversTheApp() throws {
        let h = try GuardHarness("screen-cast", passcode: false)
        let pipewire = try h.environment.startPipeWire()
        defer { pipewire.stop() }
        try h.startGuard()
        let window = try h.startApp()
        #expect(h.waitForState("unlocked"), "without a passcode the app registers unlocked")
        #expect(h.waitUntilCovered(window, false, label: "before-cast"), "\(h.guardLog())")

        let cast = try h.environment.startVideoSourceStream()
        #expect(h.waitForState("obscured", timeout: .seconds(30)), "cast: \(cast.logText())")
        #expect(try h.client.appProperty(GuardHarness.app, "Reason").stringValue == "screen-share")
        #expect(h.waitUntilCovered(window, label: "during-cast"), "\(h.guardLog())")

        cast.stop()
        #expect(h.waitForState("unlocked", timeout: .seconds(30)))
        #expect(h.waitUntilCovered(window, false, label: "after-cast"), "\(h.guardLog())")
    }
}
