import AppLockTestSupport
import Foundation
import Testing

/// The lock window with the real Orca listening, driven from the keyboard alone (xdotool): what Orca says, read from
/// its debug file as it says it.
@Suite("Lock window with a screen reader", .serialized)
struct LockWindowScreenReaderTests {
    /// Digits that none of the window's own sentences holds ("1 of 4 digits entered", "1 attempt left").
    static let right = "5768"
    static let wrong = "9587"
    static let prompt = "Enter the passcode to unlock Notes"

    @Test("Orca says the app and the prompt when the lock window shows and when a window kept ready is shown, a key's name on Tab, a wrong passcode with the attempts left and a lock-out with its end, and not one digit typed, also while Tab is on a key")
    func orcaSaysWhatMatters() throws {
        let harness = try LockWindowHarness(policy: "MaxFailedAttempts=2\nLockoutSchedule=60")
        let orca = try ScreenReader(on: harness)
        /// The utterances said while each passcode was typed: from the first key to the window's answer.
        var typing: [Range<Int>] = []
        /// Waits until Orca says `words` after the first `start` utterances (all it has said so far by default); the
        /// index of that utterance.
        @discardableResult
        func waitUntilSaid(_ words: String, after start: Int? = nil) -> Int? {
            let index = orca.waitUntilSaid(words, after: start ?? orca.said.count)
            #expect(index != nil, "Orca did not say \(words): \(orca.said)")
            return index
        }
        func typeWrongPasscode(answer: String) {
            let start = orca.said.count
            #expect(harness.type(Self.wrong))
            if let end = orca.waitUntilSaid(answer, after: start) {
                typing.append(start..<end)
            } else {
                Issue.record("Orca did not say \(answer): \(orca.said)")
            }
        }

        // The first lock window, in a cover: its prompt, a wrong passcode, then the right one.
        let first = try harness.startLockWindowInCover(passcode: Self.right, kind: "four-digit")
        waitUntilSaid("\(Self.prompt) password text")
        #expect(harness.accessibility.states(of: Self.prompt, role: "password text")?.contains("focused") == true,
                "the focus is in the password text: \(harness.accessibleTree())")
        typeWrongPasscode(answer: "Wrong passcode. 1 attempt left.")
        let rightStart = orca.said.count
        #expect(harness.type(Self.right))
        #expect(waitUntil(timeout: .seconds(15)) { (try? harness.state()) == "unlocked" })
        #expect(first.exitStatus(within: .seconds(10)) == 0)
        typing.append(rightStart..<orca.said.count)

        // Locked again, a lock window kept ready is shown: its prompt again; Tab reaches a key and Shift+Tab comes
        // back; three wrong passcodes end in a lock-out, said with its end, the first typed while Tab is on a key
        // (where a key that held the focus had its first digit echoed).
        _ = try harness.client.call("Lock", [.string(LockWindowHarness.app)])
        let parent = try harness.makeParentWindow()
        let (second, guardSide) = try LockWindowTests.startAhead(harness, name: "screen-reader")
        defer { try? guardSide.close() }
        try guardSide.write(contentsOf: Data("show \(parent)\n".utf8))
        waitUntilSaid("\(Self.prompt) password text")
        /// Presses `key` and waits until Orca says `words` (which it may say before the press has returned).
        func press(_ key: String, thenSaid words: String) {
            let start = orca.said.count
            #expect(harness.type("", then: [key]))
            waitUntilSaid(words, after: start)
        }
        press("Tab", thenSaid: "Digit 1")
        press("shift+Tab", thenSaid: "0 of 4 digits entered")
        press("Tab", thenSaid: "Digit 1")
        typeWrongPasscode(answer: "Wrong passcode. 1 attempt left.")
        typeWrongPasscode(answer: "Wrong passcode. Another wrong passcode starts a lock-out.")
        typeWrongPasscode(answer: "Too many failed attempts. Locked out until ")
        let lockOut = orca.said.last { $0.text.contains("Locked out until ") }
        #expect(lockOut?.text.contains(where: \.isNumber) == true, "the lock-out's end: \(lockOut?.text ?? "nothing")")
        #expect(harness.accessibility.find("Try again in") != nil, "the countdown is shown")
        try harness.screenshot("screen-reader-locked-out")
        #expect(try harness.state() == "locked")
        #expect(second.isRunning)

        let said = orca.stop()
        // Not one digit typed: nothing said while a passcode was typed holds one (the answers hold none of them).
        let digits = Set(Self.right + Self.wrong)
        for range in typing where range.upperBound <= said.count {
            let spoken = said[range]
            #expect(!spoken.contains { $0.text.contains(where: digits.contains) }, "a typed digit was said: \(Array(spoken))")
        }
        #expect(!said.contains { $0.text.trimmingCharacters(in: .whitespaces).count == 1 && $0.text.contains(where: digits.contains) },
                "a key was echoed: \(said)")
    }
}

extension LockWindowScreenReaderTests {
    @Test("From the keyboard alone: Tab walks every key, each drawn with a focus ring and named, while the focus stays in the password text, and Shift+Tab back; Space presses the key reached; the number pad's digits type, with a key reached too; Enter submits a numeric passcode; a key clicked leaves the focus in the password text")
    func keyboardAlone() throws {
        let harness = try LockWindowHarness()
        let window = try harness.startLockWindowInCover(passcode: "123456", kind: "numeric")
        // Once the window has put the focus back where it was for screen readers (a focus event Tab must not meet).
        #expect(waitUntil(timeout: .seconds(15)) { window.log.contains("announced again") }, "\(window.log)")
        #expect(harness.accessibility.states(of: Self.prompt, role: "password text")?.contains("focused") == true,
                "the focus starts in the password text: \(harness.accessibleTree())")
        // A key clicked types its digit and leaves the focus in the password text; Backspace deletes it.
        #expect(harness.click("Digit 9", role: "push button", inWindow: "Notes – AppLock"))
        #expect(harness.accessibility.find("1 digit entered") != nil, "the click typed a digit")
        #expect(harness.accessibility.states(of: Self.prompt, role: "password text")?.contains("focused") == true,
                "a click leaves the focus in the password text: \(harness.accessibleTree().filter { $0.contains("focused") })")
        #expect(harness.type("", then: ["BackSpace"]))
        #expect(harness.accessibility.find("0 digits entered") != nil, "Backspace deleted the digit")
        // Tab walks the keys in the keypad's order, each named in the password text's description (what Orca says),
        // the focus staying in the password text; past the last key it leaves the keypad (here, round to the
        // password text: the cover has nothing else to focus).
        func described() -> String? { harness.accessibility.description(of: Self.prompt, role: "password text") }
        func inPasswordText() -> Bool {
            harness.accessibility.states(of: Self.prompt, role: "password text")?.contains("focused") == true
        }
        let keys = (1...9).map { "Digit \($0)" } + ["Delete last digit", "Digit 0", "Submit passcode", "0 digits entered"]
        for key in keys {
            #expect(harness.type("", then: ["Tab"]))
            #expect(waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) { described() == key },
                    "Tab did not reach \(key): \(described() ?? "nothing")")
            #expect(inPasswordText(), "Tab took the focus from the password text: \(harness.accessibleTree().filter { $0.contains("focused") })")
            if key == "Digit 5" { try harness.screenshot("keyboard-tab-reached-digit-5") }
        }
        #expect(!harness.accessibleTree().contains { $0.hasPrefix("push button\tDigit") && $0.contains("focused") },
                "a key took the focus")
        // Space presses the key reached, which stays reached; Shift+Tab goes back: from the key 2 to the key 1.
        #expect(harness.type("", then: ["Tab"]))
        #expect(waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) { described() == "Digit 1" })
        #expect(harness.type("", then: ["space"]))
        #expect(waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) { described() == "1 digit entered" },
                "Space did not press the key: \(described() ?? "nothing")")
        #expect(harness.type("", then: ["BackSpace", "Tab"]))
        #expect(waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) { described() == "Digit 2" },
                "\(described() ?? "nothing")")
        #expect(harness.type("", then: ["shift+Tab"]))
        #expect(waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) { described() == "Digit 1" },
                "Shift+Tab from the key 2: \(described() ?? "nothing")")
        // Shift+Tab from the key 1 leaves the keypad for the password text; again, with nothing else to focus, it
        // wraps round to the last key.
        #expect(harness.type("", then: ["shift+Tab"]))
        #expect(waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) { described() == "0 digits entered" },
                "Shift+Tab from the key 1: \(described() ?? "nothing")")
        #expect(harness.type("", then: ["shift+Tab"]))
        #expect(waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) { described() == "Submit passcode" },
                "Shift+Tab from the password text: \(described() ?? "nothing")")
        #expect(inPasswordText(), "Shift+Tab took the focus from the password text")
        // The number pad's digits (NumLock on), then Enter.
        #expect(harness.display.run(["xdotool", "key", "Num_Lock"]).succeeded)
        #expect(harness.type("", then: ["KP_1", "KP_2", "KP_3", "KP_4", "KP_5", "KP_6", "KP_Enter"]))
        #expect(waitUntil(timeout: .seconds(15)) { (try? harness.state()) == "unlocked" }, "\(window.log)")
        #expect(window.exitStatus(within: .seconds(10)) == 0)
    }
}

extension LockWindowScreenReaderTests {
    @Test("In the set-passcode window Orca says each step's prompt in a password text, and not one digit typed")
    func setPasscodeSaysNoDigit() throws {
        let harness = try LockWindowHarness()
        let orca = try ScreenReader(on: harness)
        let window = try harness.startLockWindow(["set-passcode", "--app-id", LockWindowHarness.app])
        var typing: [Range<Int>] = []
        /// Where the next step's words are looked for: after the last digit of the step before.
        var next = 0
        for prompt in ["Choose a new passcode", "Enter the new passcode again"] {
            #expect(orca.waitUntilSaid(prompt, after: next) != nil, "Orca did not say \(prompt): \(orca.said)")
            #expect(harness.accessibility.states(of: prompt, role: "password text")?.contains("focused") == true,
                    "the focus is in the password text named \(prompt): \(harness.accessibleTree())")
            let typed = orca.said.count
            #expect(harness.type(Self.right))
            let last = orca.waitUntilSaid("4 of 4 digits entered", after: typed)
            #expect(last != nil, "\(orca.said)")
            next = (last ?? typed) + 1
            typing.append(typed..<next)
        }
        #expect(harness.accessibility.find("The passcode is set.") != nil)
        #expect(try harness.client.hasPasscode(LockWindowHarness.app))
        let said = orca.stop()
        let digits = Set(Self.right)
        for range in typing {
            #expect(!said[range].contains { $0.text.contains(where: digits.contains) }, "a typed digit was said: \(Array(said[range]))")
        }
        #expect(window.isRunning)
    }
}

extension LockWindowScreenReaderTests {
    @Test("Tab reaches the system authentication button and Orca says its words; Shift+Tab comes back to the last key; Enter on the button unlocks through polkit")
    func systemAuthenticationButtonSaid() throws {
        let harness = try LockWindowHarness(polkit: true)
        try harness.environment.setPolkitAllowed(["io.github.applock.unlock"])
        let orca = try ScreenReader(on: harness)
        let window = try harness.startLockWindowInCover(passcode: Self.right, kind: "four-digit")
        #expect(orca.waitUntilSaid("\(Self.prompt) password text", after: 0) != nil, "\(orca.said)")
        #expect(harness.accessibility.find("Use System Password") != nil)
        func focused() -> Bool {
            harness.accessibility.states(of: "Use System Password", role: "push button")?.contains("focused") == true
        }
        // Each Tab, once Orca has said where it went: the keys (named in the password text's description), then the
        // button after them.
        for _ in 0..<15 where !focused() {
            let count = orca.said.count
            #expect(harness.type("", then: ["Tab"]))
            #expect(waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(50)) { orca.said.count > count }, "\(orca.said)")
        }
        #expect(orca.said.contains { $0.text.contains("Delete last digit") }, "\(orca.said)")
        #expect(!orca.said.contains { $0.text.contains("GtkImage") }, "an icon is said by its class: \(orca.said)")
        #expect(orca.waitUntilSaid("Use System Password push button", after: 0) != nil, "\(orca.said)")
        #expect(orca.waitUntilSaid("Unlock with your account password", after: 0) != nil, "\(orca.said)")
        // Shift+Tab from the button comes back into the keypad at its last key (0, a four-digit passcode having no
        // enter key), the focus in the password text again; Tab goes on to the button.
        var start = orca.said.count
        #expect(harness.type("", then: ["shift+Tab"]))
        #expect(orca.waitUntilSaid("Digit 0", after: start) != nil, "\(orca.said)")
        #expect(harness.accessibility.states(of: Self.prompt, role: "password text")?.contains("focused") == true,
                "\(harness.accessibleTree().filter { $0.contains("focused") })")
        start = orca.said.count
        #expect(harness.type("", then: ["Tab"]))
        #expect(orca.waitUntilSaid("Use System Password push button", after: start) != nil, "\(orca.said)")
        #expect(harness.type("", then: ["Return"]))
        #expect(waitUntil(timeout: .seconds(15)) { (try? harness.state()) == "unlocked" }, "\(window.log)")
        #expect(window.exitStatus(within: .seconds(10)) == 0)
        _ = orca.stop()
    }
}
