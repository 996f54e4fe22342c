import AppLockGuardCore
import AppLockTestSupport
import Foundation
import Testing

/// The lock window and the set-up window in German (`LANGUAGE=de`, the catalogue `po/de.po`): German is the
/// language whose words run longest, so it is the one that would clip the keypad or the prompt.
@Suite("Lock window in German, each catalogue's language and Hebrew", .serialized)
struct TranslatedLockWindowTests {
    @Test("In German the lock window of the compact size says the prompt, a wrong passcode and the lock-out countdown in German, every key and the prompt on screen, no text clipped, and AT-SPI reads German names")
    func lockWindowInGerman() throws {
        let harness = try LockWindowHarness(policy: "MaxFailedAttempts=2\nLockoutSchedule=120")
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let size = LockWindowSize.compact
        let parent = try harness.makeParentWindow(width: Int(size.width), height: Int(size.height))
        var german = try TranslatedSession.variables("de", in: harness.environment)
        german["APPLOCK_LOCK_WINDOW_CHECK_CLIPPING"] = "1"
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app, "--parent", String(parent)],
                                                 environment: german)
        #expect(harness.accessibility.find("Geben Sie den Code ein, um Notes zu entsperren") != nil, "\(window.log)")
        let tree = harness.accessibleTree()
        for label in ["Ziffer 1", "Ziffer 0", "Letzte Ziffer löschen"] {
            #expect(tree.contains { $0.contains("\t\(label)\t") }, "no accessible \(label) in \(tree)")
        }
        #expect(tree.contains { $0.contains("0 von 4 Ziffern eingegeben") }, "the dots are not named in German: \(tree)")
        #expect(!tree.contains { $0.contains("Digit") || $0.contains("Enter the passcode") }, "English left: \(tree)")
        let first = try LockWindowOnScreen(reading: try harness.screenshot("german-keypad", checking: window), environment: harness.environment)
        #expect(first.showsEveryKeyAndThePrompt, "\(first)")
        #expect(first.area.map { $0.width <= Int(size.width) && $0.height <= Int(size.height) } == true, "\(first)")

        #expect(harness.type("0000"))
        let wrong = harness.accessibility.find("Falscher Code")
        #expect(wrong?.contains("Falscher Code. Noch 1 Versuch.") == true, "\(wrong ?? "nothing")")
        let afterWrong = try LockWindowOnScreen(reading: try harness.screenshot("german-wrong-passcode", checking: window), environment: harness.environment)
        #expect(afterWrong.showsEveryKeyAndThePrompt, "\(afterWrong)")

        #expect(harness.type("0000"))
        #expect(harness.accessibility.find("Ein weiterer falscher Code führt zu einer Sperre.") != nil)
        #expect(harness.type("0000"))
        let countdown = harness.accessibility.find("Erneut versuchen in")
        #expect(countdown?.contains("Zu viele Fehlversuche. Erneut versuchen in 1:") == true
                    || countdown?.contains("Zu viele Fehlversuche. Erneut versuchen in 2:00") == true, "\(countdown ?? "nothing")")
        let lockedOut = try LockWindowOnScreen(reading: try harness.screenshot("german-locked-out", checking: window), environment: harness.environment)
        #expect(lockedOut.area.map { $0.width <= Int(size.width) && $0.height <= Int(size.height) } == true, "\(lockedOut)")
        #expect(window.isRunning)
    }

    @Test("In German the set-up window of the default size offers the passcode kinds and says each step in German, no text clipped, and AT-SPI reads them")
    func setUpWindowInGerman() throws {
        let harness = try LockWindowHarness()
        var german = try TranslatedSession.variables("de", in: harness.environment)
        german["APPLOCK_LOCK_WINDOW_CHECK_CLIPPING"] = "1"
        let window = try harness.startLockWindow(["set-passcode", "--app-id", LockWindowHarness.app], environment: german)
        #expect(harness.accessibility.find("Wählen Sie einen neuen Code") != nil, "\(window.log)")
        // The AppLock passcode by default, and the choice of one of its own.
        #expect(harness.accessibility.find("Der AppLock-Code: ein Code für alle Anwendungen, die Sie schützen.") != nil)
        #expect(harness.accessibility.find("Stattdessen dieser Anwendung einen eigenen Code geben") != nil)
        let tree = harness.accessibleTree()
        for label in ["4 Ziffern", "6 Ziffern", "Numerisch", "Passwort", "Ziffer 5", "Symbol von Notes"] {
            #expect(tree.contains { $0.contains("\t\(label)\t") }, "no accessible \(label) in \(tree)")
        }
        try harness.screenshot("german-set-passcode", checking: window)
        #expect(harness.type("1234"))
        #expect(harness.accessibility.find("Geben Sie den neuen Code erneut ein") != nil)
        #expect(harness.type("5678"))
        #expect(harness.accessibility.find("Die Codes stimmten nicht überein") != nil)
        try harness.screenshot("german-set-passcode-mismatch", checking: window)
        #expect(harness.type("2468"))
        #expect(harness.type("2468"))
        #expect(harness.accessibility.find("Der Code ist festgelegt.") != nil)
        try harness.screenshot("german-set-passcode-done", checking: window)
        #expect(try harness.client.hasPasscode(LockWindowHarness.app))
    }
}
