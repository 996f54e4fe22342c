import AppLockGuardCore
import AppLockTestSupport
import Foundation
import Testing

extension TranslatedLockWindowTests {
    @Test("In each other language the set-up window and the compact lock window (wrong passcode, lock-out countdown) say the catalogue's words with no text clipped, every key and the prompt on screen, and AT-SPI reads the translated names",
          arguments: TranslatedSession.otherLanguages)
    func setUpAndLockWindowsTranslated(language: String) throws {
        let harness = try LockWindowHarness(policy: "MaxFailedAttempts=2\nLockoutSchedule=120")
        #expect(harness.environment.run(["fc-list", ":lang=\(language.prefix(2))"]).stdout.contains(":"),
                "no font for \(language) (scripts/install-deps.sh --test installs one)")
        var session = try TranslatedSession.variables(language, in: harness.environment)
        session["APPLOCK_LOCK_WINDOW_CHECK_CLIPPING"] = "1"
        func text(_ message: String, plural: String? = nil, count: Int = 1, _ arguments: String...) throws -> String {
            try TranslatedSession.text(message, plural: plural, count: count, arguments, language: language, in: harness.environment)
        }
        let app = LockWindowHarness.app

        let setUp = try harness.startLockWindow(["set-passcode", "--app-id", app], environment: session)
        #expect(harness.accessibility.find(try text("Choose a new passcode")) != nil, "\(setUp.log)")
        let setUpTree = harness.accessibleTree()
        for label in [try text("4 Digits"), try text("Password"), try text("Digit %1$d", "5"), try text("%1$s icon", "Notes")] {
            #expect(setUpTree.contains { $0.contains("\t\(label)\t") }, "no accessible \(label) in \(setUpTree)")
        }
        #expect(!setUpTree.contains { $0.contains("\tDigit 5\t") || $0.contains("Choose a new passcode") }, "English left: \(setUpTree)")
        try harness.screenshot("\(language)-set-passcode", checking: setUp)
        #expect(harness.type("2468"))
        #expect(harness.accessibility.find(try text("Enter the new passcode again")) != nil)
        #expect(harness.type("2468"))
        #expect(harness.accessibility.find(try text("The passcode is set.")) != nil)
        try harness.screenshot("\(language)-set-passcode-done", checking: setUp)
        setUp.process.terminate()
        #expect(setUp.exitStatus(within: .seconds(10)) != nil)

        _ = try harness.client.call("Lock", [.string(app)])
        #expect(try harness.state() == "locked")
        let size = LockWindowSize.compact
        let parent = try harness.makeParentWindow(width: Int(size.width), height: Int(size.height))
        let window = try harness.startLockWindow(["lock", "--app-id", app, "--parent", String(parent)], environment: session)
        let prompt = try text("Enter the passcode to unlock %1$s", "Notes")
        #expect(harness.accessibility.find(prompt) != nil, "\(window.log)")
        let tree = harness.accessibleTree()
        let dots = try text("%1$d of %2$d digit entered", plural: "%1$d of %2$d digits entered", count: 4, "0", "4")
        for label in [try text("Digit %1$d", "1"), try text("Delete last digit"), dots] {
            #expect(tree.contains { $0.contains("\t\(label)\t") }, "no accessible \(label) in \(tree)")
        }
        let first = try LockWindowOnScreen(reading: try harness.screenshot("\(language)-keypad", checking: window),
                                           environment: harness.environment)
        #expect(first.showsEveryKeyAndThePrompt(minimumPromptPixels: 10), "\(first)")
        #expect(first.area.map { $0.width <= Int(size.width) && $0.height <= Int(size.height) } == true, "\(first)")

        #expect(harness.type("0000"))
        let wrong = try text("Wrong passcode. %d attempt left.", plural: "Wrong passcode. %d attempts left.", count: 1, "1")
        #expect(harness.accessibility.find(wrong) != nil, "\(wrong) not shown")
        let afterWrong = try LockWindowOnScreen(reading: try harness.screenshot("\(language)-wrong-passcode", checking: window),
                                                environment: harness.environment)
        #expect(afterWrong.showsEveryKeyAndThePrompt(minimumPromptPixels: 10), "\(afterWrong)")

        #expect(harness.type("0000"))
        #expect(harness.accessibility.find(try text("Wrong passcode. Another wrong passcode starts a lock-out.")) != nil)
        #expect(harness.type("0000"))
        // The countdown's words around its time (which changes each second).
        let countdown = try text("Too many failed attempts. Try again in %1$s.").components(separatedBy: "%1$s")
            .max { $0.count < $1.count } ?? ""
        #expect(harness.accessibility.find(countdown.trimmingCharacters(in: .whitespaces)) != nil, "\(countdown) not shown")
        // The lock-out (the agent's property) can show before the answer to the attempt puts the prompt back.
        #expect(harness.accessibility.find(prompt) != nil, "the prompt is not back after the lock-out began")
        let lockedOut = try LockWindowOnScreen(reading: try harness.screenshot("\(language)-locked-out", checking: window),
                                               environment: harness.environment)
        #expect(lockedOut.area.map { $0.width <= Int(size.width) && $0.height <= Int(size.height) } == true, "\(lockedOut)")
        #expect(window.isRunning)
    }
}
