import AppLockTestSupport
import Foundation
import Glibc
import Testing

extension GuardTests {
    @Test("Super+Alt+L pressed as keys (xdotool) locks every protected app, with NumLock on too; a shortcut chosen in applock.conf ([Shortcuts] LockAll) takes the place of the default when the guard reads its files again (SIGHUP), without a restart")
    func theShortcutLocksEveryApp() throws {
        let h = try GuardHarness("shortcut")
        let window = try h.startUnlockedApp()
        #expect(waitUntil(timeout: .seconds(10)) { h.guardLog().contains("<Super><Alt>l locks every protected app") },
                "the guard grabbed the default shortcut: \(h.guardLog())")
        h.session.xdotool(["key", "super+alt+l"])
        #expect(h.waitForState("locked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(window, label: "locked-by-shortcut"), "\(h.guardLog())")

        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "unlocked"), "\(h.guardLog())")
        h.session.xdotool(["key", "Num_Lock"])
        h.session.xdotool(["key", "super+alt+l"])
        #expect(h.waitForState("locked"), "with NumLock on: \(h.guardLog())")
        h.session.xdotool(["key", "Num_Lock"])

        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "unlocked-again"), "\(h.guardLog())")
        try "[Shortcuts]\nLockAll=<Control><Alt>k\n".write(
            to: h.environment.configHome.appendingPathComponent("applock/applock.conf"), atomically: true, encoding: .utf8)
        h.guardProcess?.kill(SIGHUP)
        #expect(waitUntil(timeout: .seconds(10)) { h.guardLog().contains("<Control><Alt>k locks every protected app") },
                "the guard grabbed the new shortcut: \(h.guardLog())")
        h.session.xdotool(["windowactivate", "--sync", String(window)])
        h.session.xdotool(["key", "super+alt+l"])
        h.session.xdotool(["key", "ctrl+alt+k"])
        #expect(h.waitForState("locked"), "\(h.guardLog())")
        let presses = h.guardLog().components(separatedBy: "pressed: locking every protected app").count - 1
        #expect(presses == 3, "Super+Alt+L no longer locks once another shortcut is chosen: \(h.guardLog())")
    }

    @Test("A shortcut another X client has grabbed already (as a window manager's own binding) is said plainly in the guard's log, not dropped in silence")
    func aShortcutTakenIsSaid() throws {
        let h = try GuardHarness("shortcut-taken")
        let holder = try h.session.launch(["/usr/bin/python3", "-c", """
            import signal
            from Xlib import X, XK, display
            d = display.Display()
            code = d.keysym_to_keycode(XK.string_to_keysym("l"))
            d.screen().root.grab_key(code, X.Mod4Mask | X.Mod1Mask, True, X.GrabModeAsync, X.GrabModeAsync)
            d.sync()
            print("grabbed", flush=True)
            signal.pause()
            """], logName: "holder")
        #expect(waitUntil(timeout: .seconds(10)) { holder.logText().contains("grabbed") }, "\(holder.logText())")
        try h.startGuard()
        #expect(waitUntil(timeout: .seconds(10)) {
            h.guardLog().contains("<Super><Alt>l does not lock every app: another program (the window manager?) has taken it")
        }, "\(h.guardLog())")
        holder.stop()
    }
}
