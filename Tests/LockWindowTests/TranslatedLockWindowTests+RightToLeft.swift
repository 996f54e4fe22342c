import AppLockTestSupport
import Foundation
import Testing

extension TranslatedLockWindowTests {
    @Test("In Hebrew (LANGUAGE=he, po/he.po) the set-up window is mirrored as GTK mirrors: the kinds run right to left, in Hebrew, while the keypad's digits run left to right as a phone's do; no text clipped; with no Hebrew catalogue of AppLock's, GLib keeps GTK's own words and direction English, left to right")
    func setUpWindowMirrorsInHebrew() throws {
        let harness = try LockWindowHarness()
        var hebrew = try TranslatedSession.variables("he", in: harness.environment)
        hebrew["APPLOCK_LOCK_WINDOW_CHECK_CLIPPING"] = "1"
        func text(_ message: String, _ arguments: String...) throws -> String {
            try TranslatedSession.text(message, arguments, language: "he", in: harness.environment)
        }
        let window = try harness.startLockWindow(["set-passcode", "--app-id", LockWindowHarness.app], environment: hebrew)
        #expect(harness.accessibility.find(try text("Choose a new passcode")) != nil, "\(window.log)")
        #expect(harness.accessibility.find(try text("The AppLock passcode: one passcode for all the apps you protect.")) != nil)
        #expect(harness.accessibility.find(try text("Give This App Its Own Passcode Instead")) != nil)
        let one = try #require(harness.accessibility.box(of: try text("Digit %1$d", "1")))
        let three = try #require(harness.accessibility.box(of: try text("Digit %1$d", "3")))
        #expect(one.x < three.x, "the keypad's 1 is left of its 3, not mirrored: \(one) \(three)")
        let four = try #require(harness.accessibility.box(of: try text("4 Digits")))
        let password = try #require(harness.accessibility.box(of: try text("Password")))
        #expect(four.x > password.x, "the first kind is on the right: \(four) \(password)")
        try harness.screenshot("hebrew-set-passcode", checking: window)
        window.process.terminate()
        #expect(window.exitStatus(within: .seconds(10)) != nil)

        // No catalogue of AppLock's for the language: GLib's g_dgettext stops translating GTK's strings.
        hebrew["APPLOCK_LOCALEDIR"] = harness.environment.root.appendingPathComponent("no-catalogues").path
        let english = try harness.startLockWindow(["set-passcode", "--app-id", LockWindowHarness.app], environment: hebrew)
        #expect(harness.accessibility.find("Digit 3") != nil, "\(english.log)")
        let unmirroredFour = try #require(harness.accessibility.box(of: "4 Digits"))
        let unmirroredPassword = try #require(harness.accessibility.box(of: "Password"))
        #expect(unmirroredFour.x < unmirroredPassword.x, "left to right: \(unmirroredFour) \(unmirroredPassword)")
    }

    @Test("In Hebrew (LANGUAGE=he, po/he.po) the lock window is mirrored as GTK mirrors but for its keypad of digits, which runs left to right as a phone's does (its 1 left of its 3, the delete key left of the 0, as in English); the prompt and a wrong passcode in Hebrew, no text clipped")
    func lockWindowMirrorsInHebrew() throws {
        let harness = try LockWindowHarness(policy: "MaxFailedAttempts=3")
        try harness.lockWithPasscode("1234", kind: "four-digit")
        var hebrew = try TranslatedSession.variables("he", in: harness.environment)
        hebrew["APPLOCK_LOCK_WINDOW_CHECK_CLIPPING"] = "1"
        func text(_ message: String, _ arguments: String...) throws -> String {
            try TranslatedSession.text(message, arguments, language: "he", in: harness.environment)
        }
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app], environment: hebrew)
        #expect(harness.accessibility.find(try text("Enter the passcode to unlock %1$s", "Notes")) != nil, "\(window.log)")
        let one = try #require(harness.accessibility.box(of: try text("Digit %1$d", "1")))
        let three = try #require(harness.accessibility.box(of: try text("Digit %1$d", "3")))
        let zero = try #require(harness.accessibility.box(of: try text("Digit %1$d", "0")))
        let delete = try #require(harness.accessibility.box(of: try text("Delete last digit")))
        #expect(one.x < three.x, "the keypad's 1 is left of its 3, not mirrored: \(one) \(three)")
        #expect(delete.x < zero.x, "the delete key is left of the 0, not mirrored: \(delete) \(zero)")
        try harness.screenshot("hebrew-lock-window", checking: window)
        #expect(harness.type("0000"))
        let wrong = try TranslatedSession.text("Wrong passcode. %d attempt left.", plural: "Wrong passcode. %d attempts left.",
                                               count: 2, ["2"], language: "he", in: harness.environment)
        #expect(harness.accessibility.find(wrong) != nil, "\(wrong) not shown")
        try harness.screenshot("hebrew-wrong-passcode", checking: window)
    }
}
