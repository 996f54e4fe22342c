import AppLockClient
import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// AppLockSession against the real agent on private buses.
@Suite(.serialized) struct SessionTests {
    @Test func malformedAppIDIsRefusedBeforeAnythingIsSent() {
        // A session takes an AppID: a malformed id is refused where it is made, before any session exists.
        let (optionLike, slashed) = ("--app-id", "org/example")
        #expect(throws: AppIDError.startsWithDash) { try AppID(optionLike) }
        #expect(throws: AppIDError.invalidCharacter("/")) { try AppID(slashed) }
    }

    @Test func withoutABusTheSessionReportsLocked() async throws {
        let session = try AppLockSession(appID: AppID("org.example.NoBus"), busAddress: "unix:path=/nonexistent/socket")
        defer { session.close() }
        #expect(session.status.isLocked)
        #expect(session.status.reason == .agentUnavailable || session.status.reason == .starting)
        await #expect(throws: AppLockError.agentUnavailable) { try await session.reportBackground() }
    }

    @Test func registersFollowsStateAndUnlocks() async throws {
        let harness = try ClientHarness()
        let session = try harness.session("org.example.Notes")
        defer { session.close() }

        // Until the agent answers the session says locked (withoutABusTheSessionReportsLocked shows it); whether
        // this stream still sees that first depends on whether the agent's answer came before it was followed.
        let states = StateRecorder(session)
        let ready = await session.waitUntilReady()
        #expect(ready.state == .unlocked)
        #expect(!ready.hasPasscode)
        let first = await states.state(number: 1)
        #expect(first == .locked || first == .unlocked)
        var seen = first == .locked ? 2 : 1
        #expect(await states.state(number: seen) == .unlocked)

        try await session.setPasscode("2468", kind: .fourDigit)
        let withPasscode = await session.waitForStatus { $0.hasPasscode }
        #expect(withPasscode.held)
        #expect(withPasscode.status.passcodeKind == .fourDigit)

        try await session.lock()
        seen += 1
        #expect(await states.state(number: seen) == .locked)
        #expect(session.status.reason == .manual)

        let wrong = await #expect(throws: AppLockError.self) { try await session.unlock(passcode: "1111") }
        #expect(wrong?.agentError == .wrongPasscode)
        #expect(await session.waitForStatus { $0.failedAttempts == 1 }.held)
        #expect(session.status.attemptsLeft == 4, "attempts left come from FailedAttempts and the policy, not the message")
        #expect(session.status.isLocked)

        try await session.unlock(passcode: "2468")
        seen += 1
        #expect(await states.state(number: seen) == .unlocked)
        #expect(states.recorded.count == seen, "the states come once each: \(states.recorded)")
        #expect(session.status.reason == .unlock)
        #expect(session.status.failedAttempts == 0)
    }

    @Test func passcodeChangeAndRemoveThroughTheFlow() async throws {
        let harness = try ClientHarness()
        let session = try harness.session("org.example.Flow")
        defer { session.close() }
        await session.waitUntilReady()

        var set = PasscodeFlow(.set, kind: .sixDigit)
        #expect(set.submit(bytes("123456")) == nil)
        #expect(set.submit(bytes("654321")) == nil)
        #expect(set.notice == .mismatch)
        #expect(set.submit(bytes("135790")) == nil)
        let setRequestEntry = set.submit(bytes("135790"))
        let setRequest = try #require(setRequestEntry)
        set.complete(await session.perform(setRequest.call(for: session.appID)))
        #expect(set.step == .finished)
        #expect(await session.waitForStatus { $0.passcodeKind == .sixDigit }.held)

        var change = PasscodeFlow(.change, kind: .alphanumeric)
        #expect(change.submit(bytes("000000")) == nil)
        #expect(change.submit(bytes("open sesame")) == nil)
        let wrongOldEntry = change.submit(bytes("open sesame"))
        let wrongOld = try #require(wrongOldEntry)
        change.complete(await session.perform(wrongOld.call(for: session.appID)))
        guard case .failed(let refusal)? = change.notice else {
            Issue.record("no refusal shown: \(String(describing: change.notice))")
            return
        }
        #expect(refusal.agentError == .wrongPasscode)
        #expect(change.step == .enterCurrent)
        _ = change.submit(bytes("135790"))
        _ = change.submit(bytes("open sesame"))
        let rightOldEntry = change.submit(bytes("open sesame"))
        let rightOld = try #require(rightOldEntry)
        change.complete(await session.perform(rightOld.call(for: session.appID)))
        #expect(change.step == .finished)
        #expect(await session.waitForStatus { $0.passcodeKind == .alphanumeric }.held)

        var remove = PasscodeFlow(.remove)
        let removeRequestEntry = remove.submit(bytes("open sesame"))
        let removeRequest = try #require(removeRequestEntry)
        remove.complete(await session.perform(removeRequest.call(for: session.appID)))
        #expect(remove.step == .finished)
        #expect(await session.waitForStatus { !$0.hasPasscode }.held)
        let none = await #expect(throws: AppLockError.self) { try await session.unlock(passcode: "open sesame") }
        #expect(none?.agentError == .noPasscode)
    }

    @Test func anotherLiveRegistrationIsReportedAndStaysLocked() async throws {
        let harness = try ClientHarness()
        let first = try harness.session("org.example.Twice")
        defer { first.close() }
        await first.waitUntilReady()
        let second = try harness.session("org.example.Twice")
        defer { second.close() }
        let refused = await second.waitForStatus { $0.registrationError != nil }
        #expect(refused.status.registrationError?.agentError == .alreadyRegistered)
        #expect(refused.status.isLocked)

        first.close()
        let taken = await second.waitForStatus { $0.isAgentAvailable }
        #expect(taken.held)
        #expect(taken.status.state == .unlocked)
        #expect(taken.status.registrationError == nil)
    }

    @Test func backgroundReportLocksAfterTheGracePeriod() async throws {
        let harness = try ClientHarness(policy: ["GracePeriod=0"])
        let session = try harness.session("org.example.Background")
        defer { session.close() }
        await session.waitUntilReady()
        try await session.setPasscode("1357", kind: .fourDigit)
        try await session.reportForeground()
        try await session.reportBackground()
        let locked = await session.waitForStatus { $0.isLocked }
        #expect(locked.held)
        #expect(locked.status.reason == .background)
    }

    @Test func sessionLockRunsTheHooks() async throws {
        let harness = try ClientHarness(logind: true)
        let recorder = LifecycleRecorder()
        let session = try harness.session("org.example.Hooks", lifecycle: recorder)
        defer { session.close() }
        await session.waitUntilReady()
        try await session.setPasscode("8642", kind: .fourDigit)
        #expect(await session.waitForStatus { $0.sessionState == .active && $0.hasPasscode }.held)

        try harness.environment.logindSessionLock()
        let locked = await session.waitForStatus { $0.isLocked && $0.sessionState == .locked }
        #expect(locked.held)
        #expect(locked.status.reason == .sessionLock)

        try harness.environment.logindSessionUnlock()
        #expect(await session.waitForStatus { $0.sessionState == .active }.held)
        #expect(session.status.isLocked)  // the app keeps its own lock until its passcode is entered

        try await session.unlock(passcode: "8642")
        #expect(await session.waitForStatus { !$0.isLocked }.held)
        let calls = recorder.recorded
        try #require(calls.count == 6, "\(calls)")
        #expect(Array(calls[0..<2]) == ["lockWillAppear starting", "lockDidDismiss launch"])
        // The agent announces the session state and the app's lock in its own order.
        #expect(Set(calls[2..<4]) == [
            "lockWillAppear session-lock", "sessionWillResignActive whileLocked=\(calls[2].hasPrefix("lock"))",
        ])
        #expect(Array(calls[4..<6]) == ["sessionDidBecomeActive whileLocked=true", "lockDidDismiss unlock"])
    }

    @Test func shouldLockNoHoldsAnInhibitorUntilItSaysYes() async throws {
        let harness = try ClientHarness(logind: true)
        let recorder = LifecycleRecorder(allowsLock: false)
        let session = try harness.session("org.example.Busy", lifecycle: recorder)
        defer { session.close() }
        await session.waitUntilReady()
        try await session.setPasscode("9753", kind: .fourDigit)
        #expect(await session.waitForStatus { $0.isInhibited }.held)

        try harness.environment.logindSessionLock()
        #expect(await session.waitForStatus { $0.sessionState == .locked }.held)
        #expect(session.status.state == .unlocked)

        try harness.environment.logindSessionUnlock()
        #expect(await session.waitForStatus { $0.sessionState == .active }.held)
        recorder.allowsLock.withLock { $0 = true }
        session.reevaluateShouldLock()
        #expect(await session.waitForStatus { !$0.isInhibited }.held)
        try harness.environment.logindSessionLock()
        #expect(await session.waitForStatus { $0.isLocked }.held)
    }

    @Test func failsClosedWhileTheAgentIsGoneAndRegistersAgain() async throws {
        let harness = try ClientHarness()
        let session = try harness.session("org.example.Restart")
        defer { session.close() }
        await session.waitUntilReady()
        try await session.setPasscode("1590", kind: .fourDigit)
        try await session.lock()
        try await session.unlock(passcode: "1590")
        #expect(await session.waitForStatus { $0.state == .unlocked && $0.hasPasscode }.held)

        harness.killAgent()
        let gone = await session.waitForStatus { $0.isLocked }
        #expect(gone.held, "locked after the agent's death")
        #expect(gone.status.reason == .agentUnavailable, "locked because the agent is gone")
        #expect(!gone.status.isAgentAvailable)
        await #expect(throws: AppLockError.agentUnavailable) { try await session.unlock(passcode: "1590") }
        #expect(session.status.isLocked)

        try harness.restartAgent()
        let back = await session.waitForStatus { $0.isAgentAvailable }
        #expect(back.held, "registered again by itself")
        #expect(back.status.isLocked)
        #expect(back.status.reason == .launch)
        try await session.unlock(passcode: "1590")
        #expect(await session.waitForStatus { $0.state == .unlocked }.held)
    }

    private func bytes(_ text: String) -> PasscodeBytes {
        let passcode = PasscodeBytes()
        for character in text { _ = passcode.append(character) }
        return passcode
    }
}
