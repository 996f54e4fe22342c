import AppLockTestSupport
import Foundation
import Testing

extension GnomeGuardTests {
    @Test("Super+Alt+L pressed as keys (Mutter's own RemoteDesktop keyboard) locks every protected app: the extension binds it from its GSettings schema (lock-all, compiled into its schemas/ folder) and tells the guard")
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
    }
}
