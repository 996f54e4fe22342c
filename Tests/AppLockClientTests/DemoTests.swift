import AppLockTestSupport
import Foundation
import Testing

/// applock-demo driven in tmux against the real agent, a mocked logind and a private keyring.
@Suite(.serialized) struct DemoTests {
    /// Fragments of the demo's sensitive text; none may be on the pane while it is locked.
    static let sensitive = ["4711-0815", "surprise party", "correct-horse"]

    static func showsContent(_ text: String) -> Bool {
        text.contains("Sensitive content") && sensitive.allSatisfy(text.contains)
    }

    static func showsLock(_ text: String) -> Bool {
        text.contains("LOCKED") && !sensitive.contains(where: text.contains) && !text.contains("Sensitive")
    }

    static func demoExecutable() throws -> String {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("applock-demo")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            directory = directory.deletingLastPathComponent()
        }
        throw TestSupportError("applock-demo not found next to the test executable")
    }

    @Test func firstRunSessionLockPasscodeAndAgentRestart() throws {
        let harness = try ClientHarness(logind: true)
        let pane = try TmuxPane(
            environment: harness.environment, command: [try Self.demoExecutable()], artifactsName: "applock-demo")

        // First run: the demo offers a passcode; a mismatched confirmation asks again.
        let offer = pane.waitFor { $0.contains("no passcode yet") }
        pane.save("01-first-run-offer", offer.text)
        try #require(offer.held, "\(offer.text)")
        pane.type("4")
        #expect(pane.waitFor { $0.contains("Choose a new passcode") }.held)
        pane.type("1234")
        pane.press("Enter")
        #expect(pane.waitFor { $0.contains("Enter the new passcode again") }.held)
        pane.type("9999")
        pane.press("Enter")
        let mismatch = pane.waitFor { $0.contains("did not match") && $0.contains("Choose a new passcode") }
        pane.save("02-mismatch", mismatch.text)
        #expect(mismatch.held, "\(mismatch.text)")
        pane.type("2580")
        pane.press("Enter")
        #expect(pane.waitFor { $0.contains("Enter the new passcode again") }.held)
        pane.type("2580")
        pane.press("Enter")
        let content = pane.waitFor { Self.showsContent($0) && $0.contains("Passcode set") }
        pane.save("03-content", content.text)
        try #require(content.held, "\(content.text)")

        // The screen locks (logind Lock): the lock screen replaces everything.
        try harness.environment.logindSessionLock()
        let locked = pane.waitFor { Self.showsLock($0) && $0.contains("session-lock") }
        pane.save("04-locked-by-session-lock", locked.text)
        #expect(locked.held, "\(locked.text)")
        #expect(locked.text.contains("Enter passcode"))
        #expect(locked.text.contains("[ 1   2   3 ]"), "a keypad for a four-digit passcode")

        pane.type("1111")
        pane.press("Enter")
        let wrong = pane.waitFor { $0.contains("attempts left") }
        pane.save("05-wrong-passcode", wrong.text)
        #expect(wrong.held, "\(wrong.text)")
        #expect(Self.showsLock(wrong.text))

        // The desktop is unlocked: the app keeps its own lock until its passcode is typed.
        try harness.environment.logindSessionUnlock()
        #expect(pane.waitFor { Self.showsLock($0) }.held)
        pane.type("2580")
        pane.press("Enter")
        let unlocked = pane.waitFor { Self.showsContent($0) }
        pane.save("06-unlocked", unlocked.text)
        #expect(unlocked.held, "\(unlocked.text)")

        // The agent dies: the demo fails closed, says why, and stays locked, even to the right passcode.
        harness.agent.kill(SIGKILL)
        let gone = pane.waitFor { Self.showsLock($0) && $0.contains("Waiting for the AppLock agent") }
        pane.save("07-agent-killed", gone.text)
        #expect(gone.held, "lock screen after the agent's death: \(gone.text)")
        harness.agent.waitForExit(timeout: .seconds(5))
        pane.type("2580")
        pane.press("Enter")
        let refused = pane.waitFor { $0.contains("agent is not running") }
        pane.save("08-agent-killed-passcode-typed", refused.text)
        #expect(refused.held, "\(refused.text)")
        #expect(Self.showsLock(pane.capture()))

        // The agent is back: the demo registers again by itself and accepts the passcode.
        try harness.restartAgent()
        let back = pane.waitFor { Self.showsLock($0) && $0.contains("reason: launch") && !$0.contains("Waiting") }
        pane.save("09-agent-restarted", back.text)
        #expect(back.held, "\(back.text)")
        pane.type("2580")
        pane.press("Enter")
        let again = pane.waitFor { Self.showsContent($0) }
        pane.save("10-unlocked-after-restart", again.text)
        #expect(again.held, "\(again.text)")

        pane.type("q")
        #expect(pane.waitFor { !$0.contains("Sensitive content") }.held)
    }

    @Test func focusLossLocksAndLockOutShowsACountdown() throws {
        let harness = try ClientHarness(policy: ["GracePeriod=0", "MaxFailedAttempts=1", "LockoutSchedule=30"])
        let pane = try TmuxPane(
            environment: harness.environment,
            command: [try Self.demoExecutable(), "--app-id", "org.example.Vault"], artifactsName: "applock-demo-lockout")

        #expect(pane.waitFor { $0.contains("no passcode yet") }.held)
        pane.type("a")
        #expect(pane.waitFor { $0.contains("Choose a new passcode") && $0.contains("Passcode: _") }.held)
        pane.type("open sesame")
        pane.press("Enter")
        #expect(pane.waitFor { $0.contains("Enter the new passcode again") }.held)
        pane.type("open sesame")
        pane.press("Enter")
        let content = pane.waitFor { Self.showsContent($0) && $0.contains("org.example.Vault") }
        pane.save("01-content", content.text)
        try #require(content.held, "\(content.text)")

        // The terminal reports focus out (ESC [ O): the demo reports background, which locks at once here.
        pane.tmux(["send-keys", "-t", "demo", "-H", "1b", "5b", "4f"])
        let locked = pane.waitFor { Self.showsLock($0) && $0.contains("reason: background") }
        pane.save("02-locked-on-focus-out", locked.text)
        #expect(locked.held, "\(locked.text)")
        pane.tmux(["send-keys", "-t", "demo", "-H", "1b", "5b", "49"])

        pane.type("wrong one")
        #expect(pane.waitFor { $0.contains("Passcode: *********_") }.held, "a masked field for alphanumeric")
        pane.press("Enter")
        // The flow's own notice, not the status line's "1 failed attempt": that one shows as soon as the count
        // changes, while the answer still waits for the ledger on disk and the demo ignores Enter until it comes.
        #expect(pane.waitFor { $0.contains("Wrong passcode") }.held)
        pane.type("wrong two")
        pane.press("Enter")
        let countdown = pane.waitFor { $0.contains("Try again in") && $0.range(of: #"in (2\d|30) s"#, options: .regularExpression) != nil }
        pane.save("03-lockout-countdown", countdown.text)
        #expect(countdown.held, "\(countdown.text)")
        #expect(Self.showsLock(countdown.text))
        let ticking = pane.waitFor(timeout: .seconds(5)) { $0.range(of: #"in 2\d s"#, options: .regularExpression) != nil }
        pane.save("04-lockout-counting-down", ticking.text)
        #expect(ticking.held, "the countdown goes down: \(ticking.text)")
    }
}
