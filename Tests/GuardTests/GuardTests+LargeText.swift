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

    @Test("Large Text turned on while the guard runs (the XSETTINGS manager publishes Xft/DPI 192 × 1024 in place of 96 × 1024, as gnome-settings-daemon does): the lock window of an 80×24 xterm, in its cover at normal text, floats over it with every key and the prompt on screen, and the passcode typed there unlocks")
    func largeTextTurnedOnMovesTheLockWindowOutOfASmallCover() throws {
        let h = try GuardHarness("lock-window-large-text-turned-on")
        let settings = try h.session.serveXSettings("Xft/DPI", 96 * 1024)
        try h.startGuard()
        let app = try h.startApp(geometry: "80x24+60+40")
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(app, label: "covered"), "\(h.guardLog())")
        h.session.xdotool(["windowactivate", "--sync", String(app)])
        let appRect = try #require(h.session.rect(of: app))
        let (inCover, before) = h.waitUntilLockWindowShowsEverything(inside: appRect, label: "normal-text")
        #expect(inCover, "at normal text the compact lock window is in the cover: \(before.map(\.description) ?? "no screenshot")")

        try settings.publish(192 * 1024)
        var seen: LockWindowOnScreen?
        let floated = waitUntil(timeout: .seconds(20), pollEvery: .milliseconds(200)) {
            seen = try? h.lockWindowOnScreen(label: nil)
            guard let seen, seen.showsEveryKeyAndThePrompt, let area = seen.area else { return false }
            return !appRect.holds(area) && area.height > appRect.height
        }
        _ = try? h.lockWindowOnScreen(label: "large-text-turned-on")
        #expect(floated, "the lock window floats over the xterm: \(seen.map(\.description) ?? "no screenshot")\n\(h.guardLog())")
        #expect(h.guardLog().contains("the lock window's text scaling is 2.0"), "\(h.guardLog())")
        h.session.xdotool(["type", "--delay", "40", GuardHarness.passcode])
        #expect(h.waitForState("unlocked"), "\(h.guardLog())")
        #expect(h.recorded().isEmpty, "keys typed while locked reached the app")
    }
}
