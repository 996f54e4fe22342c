import AppLockTestSupport
import Foundation
import Testing

/// The lock window with the real Orca listening, driven from the keyboard alone (xdotool): what Orca says, read from
/// its debug file once it has ended.
@Suite("Lock window with a screen reader", .serialized)
struct LockWindowScreenReaderTests {
    /// Digits that none of the window's own sentences holds ("1 of 4 digits entered", "1 attempt left").
    static let right = "5768"
    static let wrong = "9587"
    static let prompt = "Enter the passcode to unlock Notes"

    @Test("Orca says the app and the prompt when the lock window shows and when a window kept ready is shown, a key's name on Tab, a wrong passcode with the attempts left and a lock-out with its end, and not one digit typed")
    func orcaSaysWhatMatters() throws {
        let harness = try LockWindowHarness(policy: "MaxFailedAttempts=2\nLockoutSchedule=60")
        let orca = try ScreenReader(on: harness)
        var typing: [ClosedRange<Double>] = []
        func typePasscode(_ passcode: String) {
            let start = ScreenReader.now()
            #expect(harness.type(passcode))
            typing.append(start...ScreenReader.now(after: start))
        }
        func waitForFocus(_ name: String, role: String) {
            #expect(waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(100)) {
                harness.accessibility.states(of: name, role: role)?.contains("focused") == true
            }, "\(role) \(name) never had the focus")
        }
        func failed(_ count: UInt32, saying notice: String) {
            #expect(waitUntil(timeout: .seconds(15)) { (try? harness.client.failedAttempts(LockWindowHarness.app)) == count })
            #expect(harness.accessibility.find(notice) != nil, "the window does not say \(notice)")
        }

        // The first lock window, in a cover: a wrong passcode, then the right one.
        let firstShown = ScreenReader.now()
        let first = try harness.startLockWindowInCover(passcode: Self.right, kind: "four-digit")
        waitForFocus(Self.prompt, role: "password text")
        typePasscode(Self.wrong)
        failed(1, saying: "Wrong passcode. 1 attempt left.")
        typePasscode(Self.right)
        #expect(waitUntil(timeout: .seconds(15)) { (try? harness.state()) == "unlocked" })
        #expect(first.exitStatus(within: .seconds(10)) == 0)

        // Locked again: a lock window kept ready is shown, Tab reaches a key, Shift+Tab comes back, and three wrong
        // passcodes end in a lock-out.
        _ = try harness.client.call("Lock", [.string(LockWindowHarness.app)])
        let parent = try harness.makeParentWindow()
        let (second, guardSide) = try LockWindowTests.startAhead(harness, name: "screen-reader")
        defer { try? guardSide.close() }
        let secondShown = ScreenReader.now(after: firstShown)
        try guardSide.write(contentsOf: Data("show \(parent)\n".utf8))
        #expect(waitUntil(timeout: .seconds(20)) { second.log.contains("keyboard grabbed") }, "\(second.log)")
        waitForFocus(Self.prompt, role: "password text")
        let tabbed = ScreenReader.now(after: firstShown)
        #expect(harness.type("", then: ["Tab"]))
        waitForFocus("Digit 1", role: "push button")
        #expect(harness.type("", then: ["shift+Tab"]))
        waitForFocus(Self.prompt, role: "password text")
        typePasscode(Self.wrong)
        failed(1, saying: "Wrong passcode. 1 attempt left.")
        typePasscode(Self.wrong)
        failed(2, saying: "Another wrong passcode starts a lock-out.")
        typePasscode(Self.wrong)
        failed(3, saying: "Try again in")
        try harness.screenshot("screen-reader-locked-out")
        #expect(try harness.state() == "locked")

        let said = orca.stop()
        let record = said.map(\.description).joined(separator: "\n")
        func index(of words: String, from start: Double) -> Int? {
            said.firstIndex { $0.time >= start && $0.text.contains(words) }
        }
        // At the first show, and before anything was typed: the prompt, which names the app.
        let firstPrompt = index(of: Self.prompt, from: firstShown)
        #expect(firstPrompt.map { said[$0].time < typing[0].lowerBound } == true, "no prompt at the first show:\n\(record)")
        #expect(index(of: "Wrong passcode. 1 attempt left.", from: typing[0].lowerBound) != nil, "\(record)")
        // At the second show, before Tab: the prompt again.
        let secondPrompt = index(of: Self.prompt, from: secondShown)
        #expect(secondPrompt.map { said[$0].time < tabbed } == true, "no prompt when shown again:\n\(record)")
        let key = index(of: "Digit 1", from: tabbed)
        #expect(key.map { said[$0].text.contains("push button") } == true, "no key's name on Tab:\n\(record)")
        #expect(index(of: "Another wrong passcode starts a lock-out.", from: typing[3].lowerBound) != nil, "\(record)")
        let lockOut = index(of: "Too many failed attempts. Locked out until ", from: typing[4].lowerBound)
        #expect(lockOut.map { said[$0].text.contains(":") } == true, "no lock-out with its end:\n\(record)")
        // Not one digit typed: nothing said while typing holds one, and no key was echoed at any time.
        let digits = Set(Self.right + Self.wrong)
        for window in typing {
            let spoken = said.filter { window.contains($0.time) }
            #expect(!spoken.contains { $0.text.contains(where: digits.contains) }, "a typed digit was said: \(spoken)")
        }
        #expect(!said.contains { $0.text.trimmingCharacters(in: .whitespaces).count == 1 && $0.text.contains(where: digits.contains) },
                "a key was echoed:\n\(record)")
        #expect(second.isRunning)
    }
}
