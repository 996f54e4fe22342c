import AppLockTestSupport
import Foundation
import Testing

extension SwayGuardTests {
    /// GNOME's Large Text at its largest (`text-scaling-factor` 2, which GTK 4 on Wayland reads through GSettings, here
    /// its keyfile backend, when no settings portal runs): on sway's 1280×800 output the lock window, a floating
    /// toplevel sway places and the lock window sizes itself, shows every key and the prompt whole, and the passcode
    /// clicked there unlocks.
    @Test("At text scaling 2 the lock window on sway shows every key and the prompt on the 1280×800 output, and the passcode clicked there unlocks")
    func largeTextLockWindowIsWhole() throws {
        let h = try SwayGuardHarness("sway-large-text")
        let keyfile = h.environment.configHome.appendingPathComponent("glib-2.0/settings/keyfile")
        try FileManager.default.createDirectory(at: keyfile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[org/gnome/desktop/interface]\ntext-scaling-factor=2.0\n".write(to: keyfile, atomically: true, encoding: .utf8)
        try h.startGuard(variables: ["GSETTINGS_BACKEND": "keyfile"])
        try h.startApp()
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(20)) { h.lockWindow()?.focused == true }, "\(h.session.windows())\n\(h.guardLog())")
        var placed: SwayWindow?
        let output = h.session.outputs().first
        #expect(waitUntil(timeout: .seconds(10)) {
            placed = h.lockWindow()
            guard let output, let rect = placed?.rect else { return false }
            return output.contains(rect)
        }, "the lock window lies on the output: \(String(describing: placed)) on \(String(describing: output))")
        #expect(try h.clickPasscodeIntoTheLockWindow(label: "lock-window-large-text"), "\(h.guardLog())")
    }
}
