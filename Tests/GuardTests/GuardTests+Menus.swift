import AppLockTestSupport
import Foundation
import Testing

/// Override-redirect windows (menus, pop-ups) are above every managed window, so above the covers too.
extension GuardTests {
    @Test("A menu the app has open when it locks (xterm's Ctrl+click menu, an override-redirect window, held open) gets a cover of its own: none of its pixels or the app's on screen, keys typed reach nothing; unlocked, the app gets keys again")
    func anOpenMenuIsCoveredWhenTheAppLocks() throws {
        let h = try GuardHarness("open-menu")
        let window = try h.startUnlockedApp()
        let appRect = try #require(h.session.rect(of: window))
        h.session.xdotool(["mousemove", "--window", String(window), "60", "60"])
        h.session.xdotool(["keydown", "ctrl"])
        h.session.xdotool(["mousedown", "1"])
        h.session.xdotool(["keyup", "ctrl"])
        // The menu opens where the pointer is, in the app's colours, partly outside its window.
        #expect(waitUntil(timeout: .seconds(10)) {
            ((try? h.pixelsOnScreen(label: nil)) ?? 0) > appRect.width * appRect.height + 1000
        }, "xterm's menu opens")
        #expect(try h.pixelsOnScreen(label: "menu-open") > appRect.width * appRect.height + 1000)

        #expect(try h.applockctl(["lock", GuardHarness.app]).succeeded)
        #expect(h.waitForState("locked"))
        #expect(waitUntil(timeout: .seconds(10)) { (try? h.pixelsOnScreen(label: nil)) == 0 },
                "the menu and the app are covered: \(h.guardLog())")
        #expect(try h.pixelsOnScreen(label: "locked-menu-and-app-covered") == 0)
        h.session.xdotool(["type", "--delay", "20", "typed while the menu is open"])
        h.session.xdotool(["key", "Return"])

        // Released away from the menu: nothing is chosen, the menu closes.
        h.session.xdotool(["mousemove", "1200", "780"])
        h.session.xdotool(["mouseup", "1"])
        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "unlocked"), "\(h.guardLog())")
        h.session.xdotool(["windowactivate", "--sync", String(window)])
        h.session.xdotool(["type", "--delay", "20", "after"])
        h.session.xdotool(["key", "Return"])
        #expect(waitUntil(timeout: .seconds(5)) { h.recorded().contains("after") }, "the unlocked app gets keys")
        #expect(!h.recorded().contains("typed"), "keys typed while locked reached the app: \(h.recorded())")
    }
}
