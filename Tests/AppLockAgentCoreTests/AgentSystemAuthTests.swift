import AppLockProtocol
import Testing
@testable import AppLockAgentCore
@testable import AppLockCore

/// System authentication through polkit, as the core decides it: who may ask, what an answer does, and how a
/// lock or the caller's leaving wins over a check that is still waiting.
@Suite struct AgentSystemAuthTests {
    let caller = ":1.50"

    @Test func authorizedUnlockUnlocksWithReasonUnlockAndCountsNothing() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        _ = try f.fail(f.notes, times: 2, now: t(0))
        let ticket = try f.m.beginSystemAuthentication(f.notes, purpose: .unlock, caller: caller, now: t(1))
        #expect(ticket.purpose.actionID == "io.github.applock.unlock")
        #expect(f.m.pendingSystemAuthentications == [ticket])
        let result = f.m.finishSystemAuthentication(ticket, outcome: .authorized, now: t(30))
        #expect(result.error == nil)
        let missed = MissedAttempt(time: t(0), method: .passcode, outcome: .wrongPasscode)
        #expect(result.actions == [
            .stateChanged(f.notes, .unlocked, .unlock, source: "UnlockWithSystemAuthentication"),
            .missedAttemptsReported(f.notes, .init(count: 2, attempts: [missed, missed])), .persistMissedAttempts,
        ], "an unlock by system authentication reports the missed attempts too")
        #expect(f.state(f.notes) == .unlocked)
        #expect(f.m.snapshot(of: f.notes)?.failedAttempts == 2, "system authentication leaves the passcode's count alone")
        #expect(f.m.pendingSystemAuthentications.isEmpty)
    }

    @Test func notAuthorizedOrUnavailableChangesNothingButTheRecordOfMissedAttempts() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        for outcome in [SystemAuthOutcome.notAuthorized("dismissed"), .unavailable("no polkit on the system bus")] {
            let before = f.m
            let ticket = try f.m.beginSystemAuthentication(f.notes, purpose: .unlock, caller: caller, now: t(1))
            let result = f.m.finishSystemAuthentication(ticket, outcome: outcome, now: t(2))
            switch outcome {
            case .notAuthorized: #expect(result.actions == [.persistMissedAttempts])
            default: #expect(result.actions.isEmpty)
            }
            #expect(f.state(f.notes) == .locked)
            #expect(f.m.snapshot(of: f.notes) == before.snapshot(of: f.notes))
            switch outcome {
            case .notAuthorized: #expect(result.error?.agentError == .notAuthorized)
            default: #expect(result.error?.agentError == .systemAuthUnavailable)
            }
        }
        #expect(f.m.missedAttempts.record(for: f.notes) == .init(count: 1, attempts: [
            MissedAttempt(time: t(2), method: .systemAuthentication, outcome: .notAuthorized),
        ]), "a refused system authentication is a missed attempt; no answer from polkit is not")
    }

    @Test func anUnlockedAppMissesNoAttempts() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        _ = try f.fail(f.notes, times: 1, purpose: .change, now: t(1))
        let ticket = try f.m.beginSystemAuthentication(f.notes, purpose: .unlock, caller: caller, now: t(2))
        _ = f.m.finishSystemAuthentication(ticket, outcome: .notAuthorized("dismissed"), now: t(2))
        #expect(f.m.missedAttempts.records.isEmpty, "its user is at the keyboard")
    }

    @Test func aLockWhileTheCheckWaitsWinsAndCancelsIt() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        _ = try f.m.lock(f.notes, now: t(1))
        let ticket = try f.m.beginSystemAuthentication(f.notes, purpose: .unlock, caller: caller, now: t(2))
        let locked = f.m.session(.sessionLocked(true), now: t(3), source: "logind")
        #expect(locked.contains(.cancelSystemAuthentication(ticket)))
        #expect(f.m.pendingSystemAuthentications.isEmpty)
        let late = f.m.finishSystemAuthentication(ticket, outcome: .authorized, now: t(4))
        #expect(late.error == .interrupted)
        #expect(late.actions.isEmpty)
        #expect(f.state(f.notes) == .locked)
    }

    @Test func theCallerLeavingCancelsOnlyItsOwnChecks() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        try f.register(f.mail, passcode: .sixDigit)
        let mine = try f.m.beginSystemAuthentication(f.notes, purpose: .unlock, caller: caller, now: t(1))
        let theirs = try f.m.beginSystemAuthentication(f.mail, purpose: .resetPasscode, caller: ":1.60", now: t(1))
        let actions = f.m.peerLeft(caller, now: t(2))
        #expect(actions.contains(.cancelSystemAuthentication(mine)))
        #expect(!actions.contains(.cancelSystemAuthentication(theirs)))
        #expect(f.m.pendingSystemAuthentications == [theirs])
    }

    @Test func oneCheckPerAppAtOnce() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        _ = try f.m.beginSystemAuthentication(f.notes, purpose: .unlock, caller: caller, now: t(1))
        #expect(throws: ManagerError.attemptInProgress) {
            try f.m.beginSystemAuthentication(f.notes, purpose: .resetPasscode, caller: caller, now: t(1))
        }
    }

    @Test func unknownAppsAndAppsWithoutPasscodeAreRefused() throws {
        var f = MachineFixture()
        #expect(throws: ManagerError.unknownApplication) {
            try f.m.beginSystemAuthentication(f.notes, purpose: .unlock, caller: caller, now: t(0))
        }
        try f.register(f.notes)
        #expect(throws: ManagerError.noPasscode) {
            try f.m.beginSystemAuthentication(f.notes, purpose: .resetPasscode, caller: caller, now: t(0))
        }
    }

    @Test func anAuthorizedPolicyConfirmationAnswersSuccessForItsAppAloneAndUnlocksNothing() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        try f.register(f.mail, passcode: .sixDigit)
        let before = (f.state(f.notes), f.state(f.mail))
        let ticket = try f.m.beginSystemAuthentication(f.notes, purpose: .confirmPolicy, caller: caller, now: t(1))
        #expect(ticket.app == f.notes && ticket.purpose.actionID == "io.github.applock.change-protection")
        let result = f.m.finishSystemAuthentication(ticket, outcome: .authorized, now: t(2))
        #expect(result.error == nil)
        #expect(result.actions.isEmpty, "the agent applies the held policy itself; the core unlocks nothing")
        #expect(f.state(f.notes) == before.0 && f.state(f.mail) == before.1)
        let refused = try f.m.beginSystemAuthentication(f.mail, purpose: .confirmPolicy, caller: caller, now: t(3))
        #expect(f.m.finishSystemAuthentication(refused, outcome: .notAuthorized("dismissed"), now: t(4)).error
            == .notAuthorized("dismissed"))
        #expect(f.m.snapshot(of: f.mail)?.failedAttempts == 0)
    }

    @Test func authorizedResetAnswersSuccessAndRemovalClearsTheLockout() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        _ = try f.fail(f.notes, times: 6, now: t(0))
        #expect(f.m.snapshot(of: f.notes)?.retryAfter != 0)
        let ticket = try f.m.beginSystemAuthentication(f.notes, purpose: .resetPasscode, caller: caller, now: t(1))
        let result = f.m.finishSystemAuthentication(ticket, outcome: .authorized, now: t(2))
        #expect(result.error == nil)
        #expect(result.actions.isEmpty, "the passcode is still there until the store removed it")
        _ = f.m.passcodeRemoved(f.notes, now: t(3))
        let s = try #require(f.m.snapshot(of: f.notes))
        #expect(s.passcodeKind == nil && s.failedAttempts == 0 && s.retryAfter == 0 && s.state == .unlocked)
    }

    @Test func aLockoutDoesNotStopSystemAuthenticationUnlessTheAdministratorSaysSo() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        _ = try f.fail(f.notes, times: 6, now: t(0))
        let ticket = try f.m.beginSystemAuthentication(f.notes, purpose: .unlock, caller: caller, now: t(1))
        #expect(f.m.finishSystemAuthentication(ticket, outcome: .authorized, now: t(2)).error == nil)

        var strict = MachineFixture(mandatory: MandatoryPolicy { $0.lockoutBlocksSystemAuthentication = true })
        try strict.register(strict.notes, passcode: .fourDigit)
        _ = try strict.fail(strict.notes, times: 6, now: t(0))
        for purpose in SystemAuthPurpose.allCases where purpose != .resetSharedPasscode {
            #expect(throws: ManagerError.lockedOut(seconds: 59)) {
                try strict.m.beginSystemAuthentication(strict.notes, purpose: purpose, caller: caller, now: t(1))
            }
        }
        #expect(try strict.m.beginSystemAuthentication(strict.notes, purpose: .unlock, caller: caller, now: t(61)).app
            == strict.notes, "after the lock-out ends it is allowed again")
    }

    @Test func policySwitchesAreNamedRefusalsAndTheMandatoryOnesCannotBeUndone() throws {
        var user = policy { $0.allowSystemAuthentication = false }
        var f = MachineFixture(perApp: [appID("org.example.Notes"): user])
        try f.register(f.notes, passcode: .fourDigit)
        #expect(throws: ManagerError.notAuthorized("the policy does not allow system authentication for org.example.Notes")) {
            try f.m.beginSystemAuthentication(f.notes, purpose: .unlock, caller: caller, now: t(0))
        }
        #expect(throws: ManagerError.notAuthorized("the policy does not allow system authentication for org.example.Notes")) {
            try f.m.beginSystemAuthentication(f.notes, purpose: .confirmPolicy, caller: caller, now: t(0))
        }
        #expect(try f.m.beginSystemAuthentication(f.notes, purpose: .resetPasscode, caller: caller, now: t(0)).app == f.notes)

        user = policy { $0.allowSystemAuthentication = true; $0.allowPasscodeReset = true }
        var g = MachineFixture(base: user, mandatory: MandatoryPolicy {
            $0.allowSystemAuthentication = false
            $0.allowPasscodeReset = false
        })
        try g.register(g.notes, passcode: .fourDigit)
        let p = try #require(g.m.snapshot(of: g.notes)?.policy)
        #expect(!p.allowSystemAuthentication && !p.allowPasscodeReset)
        for purpose in SystemAuthPurpose.allCases where purpose != .resetSharedPasscode {
            #expect(throws: ManagerError.self) {
                try g.m.beginSystemAuthentication(g.notes, purpose: purpose, caller: caller, now: t(0))
            }
        }
        #expect(g.m.pendingSystemAuthentications.isEmpty)
    }

    @Test func policyKeysParse() throws {
        let o = try PolicyOverrides.parse("[Policy]\nAllowSystemAuthentication=false\nAllowPasscodeReset=false\n", fileName: "a.conf")
        #expect(o.allowSystemAuthentication == false && o.allowPasscodeReset == false)
        #expect(throws: KeyFileError.self) {
            try PolicyOverrides.parse("[Policy]\nLockoutBlocksSystemAuthentication=true\n", fileName: "a.conf")
        }
        let m = try MandatoryPolicy.parse(
            "[Mandatory]\nAllowSystemAuthentication=false\nAllowPasscodeReset=false\nLockoutBlocksSystemAuthentication=true\n",
            fileName: "policy.conf")
        #expect(m == MandatoryPolicy {
            $0.allowSystemAuthentication = false
            $0.allowPasscodeReset = false
            $0.lockoutBlocksSystemAuthentication = true
        })
        let clamped = Policy.defaults.clamped(by: MandatoryPolicy {
            $0.allowSystemAuthentication = true
            $0.allowPasscodeReset = true
        })
        #expect(clamped == Policy.defaults, "true in [Mandatory] changes nothing")
    }
}
