import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

extension GnomeGuardTests {
    @Test("The missed-attempts notice and the tamper notice are seen in the Shell itself (org.gnome.Shell.Notifications): a failed unlock while away is told at the next unlock, naming the app; a passcode item removed from the keyring is told, naming the app by its name and the command by its id; neither shows the passcode")
    func agentNoticesInTheShell() throws {
        let desktop = try Desktop(readNotifications: true)
        defer { desktop.stop() }
        let reader = desktop.shellReader
        let session = desktop.session
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(desktop.environment.waitForName("org.freedesktop.Notifications"), "the Shell serves notifications: \(desktop.log())")
        let applockctl = try PackageFolders.program("applockctl")
        func unlock(_ passcode: String) -> CommandResult {
            desktop.environment.run([applockctl, "unlock", Self.app, "--stdin"], input: passcode + "\n")
        }

        let wrong = unlock("9876")
        #expect(!wrong.succeeded, "a wrong passcode does not unlock: \(wrong.stdout)")
        #expect(unlock(SwayGuardHarness.passcode).succeeded, "the right passcode unlocks")
        var reading: GnomeNotificationReader.Reading?
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return reading?.allText.contains("1 failed attempt since you last unlocked Notes") == true
        }, "the Shell shows the missed attempt: \(String(describing: reading?.notifications))\n\(desktop.log())")
        #expect(reading?.allText.contains("Someone tried to unlock Notes while it was locked.") == true,
                "\(String(describing: reading?.notifications))")
        try expectInMessageList(reader, session, "1 failed attempt since you last unlocked Notes", shot: "missed-attempts-notice")

        #expect(desktop.environment.run([applockctl, "lock", Self.app]).succeeded)
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        let hash = desktop.environment.run(["secret-tool", "lookup", "app-id", Self.app]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(desktop.environment.run(["secret-tool", "clear", "app-id", Self.app]).succeeded, "the item is removed")
        let tampered = unlock(SwayGuardHarness.passcode)
        #expect(!tampered.succeeded, "a tampered passcode does not unlock: \(tampered.stdout)")
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return reading?.allText.contains("The passcode of Notes was tampered with") == true
        }, "the Shell shows the tamper notice: \(String(describing: reading?.notifications))\n\(desktop.log())")
        #expect(reading?.allText.contains("applockctl reset-passcode \(Self.app)") == true, "\(String(describing: reading?.notifications))")
        try expectInMessageList(reader, session, "The passcode of Notes was tampered with", shot: "tamper-notice")
        let everything = reader.read()?.allText ?? ""
        for secret in [SwayGuardHarness.passcode, "$argon2id$", hash].filter({ !$0.isEmpty }) {
            #expect(!everything.contains(secret), "the Shell shows no passcode or hash")
        }
        #expect(desktop.state() == "locked")
    }

    /// Opens the Shell's message list, expects `text` drawn in it, keeps a screenshot and closes it again.
    private func expectInMessageList(_ reader: GnomeNotificationReader, _ session: GnomeShellSession, _ text: String,
                                     shot: String) throws {
        try reader.showMessageList(true)
        #expect(waitUntil(timeout: .seconds(10)) { reader.read()?.labels.contains { $0.contains(text) } == true },
                "the message list shows \"\(text)\": \(String(describing: reader.read()?.labels))")
        _ = try? session.screenshot(to: Self.artifact(shot, shellVersion: session.shellVersion))
        try reader.showMessageList(false)
    }
}
