import AppLockTestSupport
import Foundation
import Testing

extension SettingsTests {
    /// The X11 guard on the harness's display (Xvfb with openbox), logging to `guard-x11.log`.
    private func startX11Guard(_ harness: SettingsHarness) throws -> (process: Process, log: () -> String) {
        let log = harness.environment.logDirectory.appendingPathComponent("guard-x11.log")
        let process = try harness.display.launch([try PackageFolders.program("applock-guard"), "--verbose"], log: log)
        return (process, { (try? String(contentsOf: log, encoding: .utf8)) ?? "" })
    }

    @Test("The Lock All shortcut's row shows Super+Alt+L (as GTK words it, Alt+Super+L); clicked, it takes the next keys pressed (Ctrl+Alt+K), writes them to applock.conf, and the running X11 guard grabs them at once: Ctrl+Alt+K pressed with xdotool locks every protected app")
    func theShortcutRowChangesTheBinding() throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nGuard=true\n")
        _ = try harness.client.call("SetPasscode", [.string(SettingsHarness.app), .string("2468"), .string("four-digit")])
        let guardX11 = try startX11Guard(harness)
        defer { guardX11.process.terminate() }
        #expect(waitUntil(timeout: .seconds(20)) { guardX11.log().contains("<Super><Alt>l locks every protected app") },
                "the guard grabbed the default: \(guardX11.log())")
        #expect(harness.client.unlock(SettingsHarness.app, "2468") == "")
        try harness.startSettings()
        #expect(harness.accessibility.find("Alt+Super+L") != nil,
                "\(harness.accessibility.tree(of: "io.github.applock.Settings").joined(separator: "\n"))")
        try harness.screenshot("shortcut-1-default")

        #expect(harness.click("Alt+Super+L Lock every protected app", role: "push button", inWindow: "AppLock Settings"))
        #expect(waitUntil(timeout: .seconds(10)) { harness.accessibility.find("Press the new shortcut…") != nil },
                "the button waits for the keys: \(harness.log)")
        try harness.screenshot("shortcut-2-waiting")
        #expect(harness.display.run(["xdotool", "key", "ctrl+alt+k"]).succeeded)
        #expect(waitUntil(timeout: .seconds(10)) { harness.text(of: harness.globalFile).contains("LockAll=<Control><Alt>k") },
                "applock.conf: \(harness.text(of: harness.globalFile))\n\(harness.log)")
        #expect(waitUntil(timeout: .seconds(10)) { guardX11.log().contains("<Control><Alt>k locks every protected app") },
                "the running guard grabbed the new keys: \(guardX11.log())")
        #expect(waitUntil(timeout: .seconds(10)) { harness.accessibility.find("Ctrl+Alt+K") != nil },
                "\(harness.accessibility.tree(of: "io.github.applock.Settings").joined(separator: "\n"))")
        try harness.screenshot("shortcut-3-changed")
        #expect((try? harness.client.state(SettingsHarness.app)) == "unlocked")

        #expect(harness.display.run(["xdotool", "key", "ctrl+alt+k"]).succeeded)
        #expect(waitUntil(timeout: .seconds(10)) { (try? harness.client.state(SettingsHarness.app)) == "locked" },
                "the new shortcut locks every app: \(guardX11.log())")
    }

    @Test("A shortcut another X client holds (BadAccess when the guard grabs it) is said under the row, from the guard's LockAllShortcutProblem on the bus")
    func aShortcutTakenIsSaidUnderTheRow() throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nGuard=true\n")
        let holder = try harness.display.launch(["/usr/bin/python3", "-c", """
            import signal
            from Xlib import X, XK, display
            d = display.Display()
            code = d.keysym_to_keycode(XK.string_to_keysym("l"))
            d.screen().root.grab_key(code, X.Mod4Mask | X.Mod1Mask, True, X.GrabModeAsync, X.GrabModeAsync)
            d.sync()
            print("grabbed", flush=True)
            signal.pause()
            """], log: harness.environment.logDirectory.appendingPathComponent("holder.log"))
        defer { holder.terminate() }
        let holderLog = harness.environment.logDirectory.appendingPathComponent("holder.log")
        #expect(waitUntil(timeout: .seconds(10)) { ((try? String(contentsOf: holderLog, encoding: .utf8)) ?? "").contains("grabbed") })
        let guardX11 = try startX11Guard(harness)
        defer { guardX11.process.terminate() }
        #expect(waitUntil(timeout: .seconds(20)) { guardX11.log().contains("<Super><Alt>l does not lock every app") },
                "\(guardX11.log())")
        try harness.startSettings()
        let taken = "Another program (the window manager?) has taken this shortcut: press another"
        #expect(waitUntil(timeout: .seconds(10)) { harness.accessibility.find(taken) != nil },
                "\(harness.accessibility.tree(of: "io.github.applock.Settings").joined(separator: "\n"))")
        try harness.screenshot("shortcut-taken")
    }
}
