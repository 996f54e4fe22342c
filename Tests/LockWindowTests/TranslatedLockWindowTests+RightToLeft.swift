import AppLockTestSupport
import Foundation
import Testing

extension TranslatedLockWindowTests {
    /// A Hebrew catalogue of the `applock` domain with nothing translated yet: what GLib looks for before it lets GTK
    /// translate its own words (and "default:LTR", from which GTK takes the direction).
    static let hebrewHeaderOnly = """
        msgid ""
        msgstr ""
        "Language: he\\n"
        "MIME-Version: 1.0\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Content-Transfer-Encoding: 8bit\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        """

    @Test("In Hebrew (LANGUAGE=he) the set-up window is mirrored as GTK mirrors: the kinds and the keypad's columns run right to left; with no Hebrew catalogue of AppLock's, GLib keeps GTK's own words and direction English, left to right")
    func setUpWindowMirrorsInHebrew() throws {
        let harness = try LockWindowHarness()
        var hebrew = try TranslatedSession.variables("he", catalogue: Self.hebrewHeaderOnly, in: harness.environment)
        let window = try harness.startLockWindow(["set-passcode", "--app-id", LockWindowHarness.app], environment: hebrew)
        #expect(harness.accessibility.find("Digit 3") != nil, "\(window.log)")
        let one = try #require(harness.accessibility.box(of: "Digit 1"))
        let three = try #require(harness.accessibility.box(of: "Digit 3"))
        #expect(one.x > three.x, "the keypad's 1 is right of its 3: \(one) \(three)")
        let four = try #require(harness.accessibility.box(of: "4 Digits"))
        let password = try #require(harness.accessibility.box(of: "Password"))
        #expect(four.x > password.x, "the first kind is on the right: \(four) \(password)")
        try harness.screenshot("hebrew-set-passcode")
        window.process.terminate()
        #expect(window.exitStatus(within: .seconds(10)) != nil)

        // No catalogue of AppLock's for the language: GLib's g_dgettext stops translating GTK's strings.
        hebrew["APPLOCK_LOCALEDIR"] = harness.environment.root.appendingPathComponent("no-catalogues").path
        let english = try harness.startLockWindow(["set-passcode", "--app-id", LockWindowHarness.app], environment: hebrew)
        #expect(harness.accessibility.find("Digit 3") != nil, "\(english.log)")
        let unmirroredOne = try #require(harness.accessibility.box(of: "Digit 1"))
        let unmirroredThree = try #require(harness.accessibility.box(of: "Digit 3"))
        #expect(unmirroredOne.x < unmirroredThree.x, "left to right: \(unmirroredOne) \(unmirroredThree)")
    }

    @Test("In Hebrew (LANGUAGE=he, with an AppLock catalogue for it) the lock window is mirrored as GTK mirrors: the keypad's 1 right of its 3, and the delete key, left of the 0 in English, right of it")
    func lockWindowMirrorsInHebrew() throws {
        let harness = try LockWindowHarness()
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let hebrew = try TranslatedSession.variables("he", catalogue: Self.hebrewHeaderOnly, in: harness.environment)
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app], environment: hebrew)
        #expect(harness.accessibility.find("Digit 3") != nil, "\(window.log)")
        let one = try #require(harness.accessibility.box(of: "Digit 1"))
        let three = try #require(harness.accessibility.box(of: "Digit 3"))
        let zero = try #require(harness.accessibility.box(of: "Digit 0"))
        let delete = try #require(harness.accessibility.box(of: "Delete last digit"))
        #expect(one.x > three.x, "the keypad's 1 is right of its 3: \(one) \(three)")
        #expect(delete.x > zero.x, "the delete key, left of the 0 left to right, is right of it: \(delete) \(zero)")
        try harness.screenshot("hebrew-lock-window")
    }
}
