import AppLockTestSupport
import Foundation
import Testing

/// On a compositing X11 desktop the compositor draws each window from its own pixmap in task switchers and
/// overviews, where the guard's cover is not: a locked app's windows are minimised too.
extension GuardTests {
    @Test("On a compositing desktop (picom over openbox; xfwm4 with its compositor) a locked app's window is minimised and unmapped, none of its pixels on screen, its lock window floating where it was; reached for from a task bar it is minimised again with the lock window up; keys typed reach nothing; the passcode brings back the window the guard minimised, not the one the user had minimised",
          arguments: [false, true])
    func aLockedAppIsMinimisedUnderACompositor(xfwm4: Bool) throws {
        let h = try GuardHarness(xfwm4 ? "compositing-xfwm4" : "compositing",
                                 windowManager: xfwm4 ? ["xfwm4", "--compositor=on"] : ["openbox"])
        if xfwm4 {
            #expect(waitUntil(timeout: .seconds(15)) { h.compositorRunning() }, "xfwm4 composites")
        } else {
            try h.startCompositor()
        }
        // Started before the guard: a guarded app started later is minimised before xdotool sees it mapped.
        let window = try h.startApp()
        try h.startGuard()
        #expect(h.waitForState("locked"))
        #expect(waitUntil(timeout: .seconds(10)) { h.isMinimisedOffScreen(window) },
                "the guard minimises the locked app's window: \(h.guardLog())")
        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "unlocked-first"), "\(h.guardLog())")
        let second = h.environment.root.appendingPathComponent("second.txt")
        let minimisedByUser = try h.startApp(command: "exec cat > '\(second.path)'", geometry: "40x10+700+500")
        h.session.xdotool(["windowminimize", "--sync", String(minimisedByUser)])
        #expect(waitUntil(timeout: .seconds(10)) { h.isMinimisedOffScreen(minimisedByUser) })
        let others = [try h.startOtherApp(), try h.startOtherApp()]
        h.session.xdotool(["windowactivate", "--sync", String(window)])
        h.session.xdotool(["type", "--delay", "20", "before"])
        h.session.xdotool(["key", "Return"])
        #expect(waitUntil(timeout: .seconds(5)) { h.recorded() == "before\n" }, "the unlocked app gets keys")

        #expect(try h.applockctl(["lock", GuardHarness.app]).succeeded)
        #expect(h.waitForState("locked"))
        #expect(waitUntil(timeout: .seconds(10)) { h.isMinimisedOffScreen(window) },
                "the locked app's window is minimised and unmapped: \(h.guardLog())")
        let (floating, seen) = h.waitUntilLockWindowShowsEverything(label: "locked")
        #expect(floating, "\(seen.map(\.description) ?? "no screenshot")\n\(h.guardLog())")
        #expect(try h.pixelsOnScreen(label: "locked") == 0)
        h.session.xdotool(["type", "--delay", "20", "typed while locked"])

        // Another app in front (one the window manager did not fall back to when it minimised the app): the lock
        // window goes. Then the user reaches for the app, as a task bar does. The window manager's fallback comes in
        // its own time: xfwm4 sometimes names it well after the frame is gone (the lock window holds the focus), and
        // an activation before it is, to the guard, that fallback. So the user acts once the window manager has named
        // another window or none (a user is not quicker); a window manager that names nothing at all leaves the
        // minimised window named, and the guard counts the user's activation once GuardCore.handOffLimit has passed.
        _ = waitUntil(timeout: .seconds(5)) { h.activeWindow() != window }
        let other = others.first { $0 != h.activeWindow() } ?? others[0]
        h.session.xdotool(["windowactivate", "--sync", String(other)])
        #expect(waitUntil(timeout: .seconds(10)) { (try? h.lockWindowOnScreen(label: nil).keys.isEmpty) == true },
                "the lock window leaves when another app is activated: \(h.guardLog())")
        h.session.xdotool(["windowactivate", String(window)])
        let (reached, seenReached) = h.waitUntilLockWindowShowsEverything(label: "reached-for")
        #expect(reached, "\(seenReached.map(\.description) ?? "no screenshot")\n\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(10)) { h.isMinimisedOffScreen(window) },
                "the window reached for is minimised again: \(h.guardLog())")
        #expect(try h.pixelsOnScreen(label: "reached-for") == 0)
        h.session.xdotool(["type", "--delay", "20", "typed after reaching"])
        #expect(h.isMinimisedOffScreen(minimisedByUser))

        h.session.xdotool(["type", "--delay", "40", GuardHarness.passcode])
        #expect(h.waitForState("unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(window, false, label: "unlocked-again"), "\(h.guardLog())")
        #expect(h.isMinimisedOffScreen(minimisedByUser), "the window the user minimised stays minimised")
        h.session.xdotool(["windowactivate", "--sync", String(window)])
        h.session.xdotool(["type", "--delay", "20", "after"])
        h.session.xdotool(["key", "Return"])
        #expect(waitUntil(timeout: .seconds(5)) { h.recorded() == "before\nafter\n" },
                "only what was typed while unlocked reached the app: \(h.recorded())")
    }
}
