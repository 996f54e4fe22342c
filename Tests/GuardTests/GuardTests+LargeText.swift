import AppLockTestSupport
import Foundation
import Testing

/// At GNOME's Large Text the lock window needs more room than its sizes say, and the guard gives it that room.
extension GuardTests {
    @Test("At text scaling 2 (an XSETTINGS manager serving Xft/DPI, as GNOME's Large Text on X11) an 80×24 xterm's cover, which holds the compact lock window at normal text, is too small: the lock window floats over it with every key and the prompt on screen, and the passcode typed there unlocks")
    func atLargeTextTheLockWindowFloatsOverASmallWindow() throws {
        let h = try GuardHarness("lock-window-large-text")
        try h.session.serveXSettings("Xft/DPI", 192 * 1024)
        try h.startGuard()
        let app = try h.startApp(geometry: "80x24+60+40")
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(app, label: "covered"), "\(h.guardLog())")
        h.session.xdotool(["windowactivate", "--sync", String(app)])
        let (shown, seen) = h.waitUntilLockWindowShowsEverything(label: "floating")
        #expect(shown, "\(seen.map(\.description) ?? "no screenshot")\n\(h.guardLog())")
        let appRect = try #require(h.session.rect(of: app))
        if let area = seen?.area {
            #expect(!appRect.holds(area) && area.height > appRect.height, "the lock window is not in the cover: \(area)")
        }
        h.session.xdotool(["type", "--delay", "40", GuardHarness.passcode])
        #expect(h.waitForState("unlocked"), "\(h.guardLog())")
        #expect(h.recorded().isEmpty, "keys typed while locked reached the app")
    }
}
