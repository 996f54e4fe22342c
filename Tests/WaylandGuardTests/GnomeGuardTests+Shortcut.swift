import AppLockProtocol
import AppLockTestSupport
import Foundation
import Glibc
import Testing

extension GnomeGuardTests {
    @Test("Super+Alt+L pressed as keys (Mutter's own RemoteDesktop keyboard) locks every protected app: the extension binds it from its GSettings schema (lock-all, compiled into its schemas/ folder) and tells the guard, which publishes it; a shortcut chosen in applock.conf ([Shortcuts] LockAll, AppLock Settings' row) takes its place once the guard reads its files again, without a restart")
    func theShortcutLocksEveryApp() throws {
        let desktop = try Desktop()
        defer { desktop.stop() }
        let session = desktop.session
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        let applockctl = try PackageFolders.program("applockctl")
        let unlocked = desktop.environment.run([applockctl, "unlock", Self.app, "--stdin"],
                                               input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(desktop.waitUntilHidden(false, label: "shortcut-1-unlocked"), "\(desktop.log())")

        let superKey: UInt32 = 0xFFEB, altKey: UInt32 = 0xFFE9, lKey: UInt32 = 0x6C
        try session.keyboard.chord([superKey, altKey, lKey])
        #expect(waitUntil(timeout: .seconds(20)) { (try? desktop.setup.client.state(Self.app)) == "locked" }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "shortcut-2-locked-by-shortcut"), "\(desktop.log())")
        let probe = GuardStatusProbe(environment: desktop.environment)
        #expect(probe.text(of: .lockAllShortcut) == "<Super><Alt>l", "the guard publishes what the extension took, for Settings' row")
        #expect(probe.text(of: .lockAllShortcutProblem) == "")

        let again = desktop.environment.run([applockctl, "unlock", Self.app, "--stdin"], input: SwayGuardHarness.passcode + "\n")
        #expect(again.succeeded, "\(again.stderr)")
        #expect(desktop.waitUntilHidden(false, label: "shortcut-3-unlocked"), "\(desktop.log())")
        try "[Shortcuts]\nLockAll=<Control><Alt>k\n".write(
            to: desktop.environment.configHome.appendingPathComponent("applock/applock.conf"), atomically: true, encoding: .utf8)
        desktop.guardProcess.kill(SIGHUP)
        #expect(waitUntil(timeout: .seconds(20)) {
            desktop.guardProcess.logText().contains("<Control><Alt>k locks every protected app (bound by the AppLock extension)")
        }, "\(desktop.log())")
        // The extension takes the new keys with the guard's next answer: pressed until they lock, as a user would.
        let controlKey: UInt32 = 0xFFE3, kKey: UInt32 = 0x6B
        #expect(waitUntil(timeout: .seconds(20), pollEvery: .seconds(1)) {
            try? session.keyboard.chord([controlKey, altKey, kKey])
            return (try? desktop.setup.client.state(Self.app)) == "locked"
        }, "Ctrl+Alt+K locks once chosen: \(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "shortcut-4-locked-by-chosen-shortcut"), "\(desktop.log())")
        #expect(waitUntil(timeout: .seconds(10)) { probe.text(of: .lockAllShortcut) == "<Control><Alt>k" },
                "\(probe.text(of: .lockAllShortcut) ?? "nothing")")

        let third = desktop.environment.run([applockctl, "unlock", Self.app, "--stdin"], input: SwayGuardHarness.passcode + "\n")
        #expect(third.succeeded, "\(third.stderr)")
        #expect(desktop.waitUntilHidden(false, label: "shortcut-5-unlocked"), "\(desktop.log())")
        let pressed = "the shortcut that locks every app was pressed"
        let pressesBefore = desktop.guardProcess.logText().components(separatedBy: pressed).count
        try session.keyboard.chord([superKey, altKey, lKey])
        try session.keyboard.chord([controlKey, altKey, kKey])
        #expect(waitUntil(timeout: .seconds(20)) { (try? desktop.setup.client.state(Self.app)) == "locked" }, "\(desktop.log())")
        #expect(desktop.guardProcess.logText().components(separatedBy: pressed).count == pressesBefore + 1,
                "Super+Alt+L no longer locks once another shortcut is chosen: \(desktop.log())")
    }
}
