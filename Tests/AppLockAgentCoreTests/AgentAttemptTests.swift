import Testing
@testable import AppLockAgentCore
@testable import AppLockCore

@Suite struct AgentAttemptTests {
    @Test func wrongPasscodesCountThenLockOut() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        let ticket = try f.m.beginAttempt(f.notes, now: t(0))
        let first = f.m.finishAttempt(ticket, outcome: .wrong, purpose: .unlock, now: t(0))
        #expect(first.answer == .wrongPasscode(attemptsLeft: 4))
        #expect(first.actions == [.persistLedger, .persistMissedAttempts, .propertiesChanged(f.notes)])
        #expect(f.m.missedAttempts.record(for: f.notes) == .init(count: 1, attempts: [
            MissedAttempt(time: t(0), method: .passcode, outcome: .wrongPasscode),
        ]), "a wrong passcode while locked is a missed attempt, with its time")
        #expect(f.m.snapshot(of: f.notes)?.failedAttempts == 1)
        #expect(try f.fail(f.notes, times: 4, now: t(1)) == .wrongPasscode(attemptsLeft: 0))
        let ticket6 = try f.m.beginAttempt(f.notes, now: t(2))
        let sixth = f.m.finishAttempt(ticket6, outcome: .wrong, purpose: .unlock, now: t(2))
        #expect(sixth.answer == .lockedOut(seconds: 60))
        #expect(sixth.answer.error() == .lockedOut(seconds: 60))
        #expect(sixth.actions.last == .rescheduleLockoutTimer(t(62)), "a lock-out end is on the wall clock")
        let s = try #require(f.m.snapshot(of: f.notes))
        #expect(s.failedAttempts == 6 && s.retryAfter == t(62) && s.state == .locked)

        let before = f.m
        #expect(throws: ManagerError.lockedOut(seconds: 30)) { try f.m.beginAttempt(f.notes, now: t(32)) }
        #expect(f.m == before)

        let expired = f.m.timerFired(now: t(62))
        #expect(expired == [.persistLedger, .propertiesChanged(f.notes), .rescheduleLockoutTimer(nil)])
        #expect(f.m.snapshot(of: f.notes)?.retryAfter == 0)
        #expect(try f.fail(f.notes, times: 1, now: t(63)) == .lockedOut(seconds: 300))
    }

    @Test func successResetsTheCountAndUnlocks() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        _ = try f.fail(f.notes, times: 3, now: t(0))
        let ticket = try f.m.beginAttempt(f.notes, now: t(1))
        let result = f.m.finishAttempt(ticket, outcome: .verified, purpose: .unlock, now: t(1))
        #expect(result.answer == .unlocked)
        let missed = MissedAttempt(time: t(0), method: .passcode, outcome: .wrongPasscode)
        #expect(result.actions == [
            .persistLedger, .propertiesChanged(f.notes), .stateChanged(f.notes, .unlocked, .unlock, source: "Unlock"),
            .missedAttemptsReported(f.notes, .init(count: 3, attempts: [missed, missed, missed])), .persistMissedAttempts,
        ], "the unlock reports the missed attempts once")
        #expect(f.m.missedAttempts.records.isEmpty)
        #expect(f.m.snapshot(of: f.notes)?.failedAttempts == 0)
        #expect(f.m.lockoutLedger.records.isEmpty)
    }

    @Test func failuresAcrossUnlockChangeAndRemoveCountTogether() throws {
        var f = MachineFixture(base: policy { $0.maxFailedAttempts = 3 })
        try f.register(f.notes, passcode: .fourDigit)
        #expect(try f.fail(f.notes, times: 1, purpose: .unlock, now: t(0)) == .wrongPasscode(attemptsLeft: 2))
        #expect(try f.fail(f.notes, times: 1, purpose: .change, now: t(0)) == .wrongPasscode(attemptsLeft: 1))
        #expect(try f.fail(f.notes, times: 1, purpose: .remove, now: t(0)) == .wrongPasscode(attemptsLeft: 0))
        #expect(try f.fail(f.notes, times: 1, purpose: .change, now: t(0)) == .lockedOut(seconds: 60))
    }

    @Test func aLockDuringVerificationWins() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        _ = try f.fail(f.notes, times: 2, now: t(0))
        let ticket = try f.m.beginAttempt(f.notes, now: t(1))
        _ = f.m.session(.sessionLocked(true), now: t(1))
        let result = f.m.finishAttempt(ticket, outcome: .verified, purpose: .unlock, now: t(2))
        #expect(result.answer == .verifiedButRelocked)
        #expect(result.answer.error() == nil)
        #expect(stateChanges(result.actions).isEmpty)
        #expect(f.state(f.notes) == .locked)
        #expect(f.m.snapshot(of: f.notes)?.failedAttempts == 0, "counts still reset")
        let manual = try f.m.beginAttempt(f.notes, now: t(3))
        _ = try f.m.lock(f.notes, now: t(3))
        #expect(f.m.finishAttempt(manual, outcome: .verified, purpose: .unlock, now: t(4)).answer == .verifiedButRelocked)
    }

    @Test func aGracePeriodEndingOnAnAppAlreadyLockedDoesNotVoidItsUnlock() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        #expect(f.state(f.notes) == .locked)
        _ = try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(0))
        let ticket = try f.m.beginAttempt(f.notes, now: t(59))
        #expect(stateChanges(f.m.timerFired(now: t(60))).isEmpty, "the grace period ends on a locked app")
        let result = f.m.finishAttempt(ticket, outcome: .verified, purpose: .unlock, now: t(61))
        #expect(result.answer == .unlocked)
        #expect(f.state(f.notes) == .obscured, "still hidden: its content stays covered until it comes back")
        _ = try f.m.reportActivity(f.notes, .foreground, caller: f.owner, now: t(62))
        #expect(f.state(f.notes) == .unlocked)
    }

    @Test func concurrentAttemptsAreRefused() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        try f.register(f.mail, passcode: .fourDigit)
        let ticket = try f.m.beginAttempt(f.notes, now: t(0))
        let before = f.m
        #expect(throws: ManagerError.attemptInProgress) { try f.m.beginAttempt(f.notes, now: t(0)) }
        #expect(f.m == before)
        _ = try f.m.beginAttempt(f.mail, now: t(0))
        _ = f.m.finishAttempt(ticket, outcome: .wrong, purpose: .unlock, now: t(1))
        _ = try f.m.beginAttempt(f.notes, now: t(1))
        #expect(f.m.finishAttempt(ticket, outcome: .verified, purpose: .unlock, now: t(1)).answer == .noPasscode,
                "a stale ticket changes nothing")
        #expect(f.state(f.notes) == .locked)
    }

    @Test func storeUnavailableNeverUnlocksNorCounts() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        let ticket = try f.m.beginAttempt(f.notes, now: t(0))
        let result = f.m.finishAttempt(ticket, outcome: .storeUnavailable, purpose: .unlock, now: t(0))
        #expect(result.answer == .storeUnavailable)
        #expect(result.answer.error(storeMessage: "the keyring is locked") == .storeUnavailable("the keyring is locked"))
        #expect(result.actions == [])
        #expect(f.state(f.notes) == .locked)
        #expect(f.m.snapshot(of: f.notes)?.failedAttempts == 0)
    }

    @Test func changeAndRemoveVerifyWithoutUnlocking() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        let change = try f.m.beginAttempt(f.notes, now: t(0))
        #expect(f.m.finishAttempt(change, outcome: .verified, purpose: .change, now: t(0)).answer == .verified)
        #expect(f.state(f.notes) == .locked)
        #expect(f.m.passcodeStored(f.notes, kind: .alphanumeric, now: t(1)) == [.propertiesChanged(f.notes)])
        let remove = try f.m.beginAttempt(f.notes, now: t(2))
        #expect(f.m.finishAttempt(remove, outcome: .verified, purpose: .remove, now: t(2)).answer == .verified)
        let removed = f.m.passcodeRemoved(f.notes, now: t(3))
        #expect(removed == [.propertiesChanged(f.notes), .stateChanged(f.notes, .unlocked, .unlock, source: "RemovePasscode")])
        #expect(f.m.snapshot(of: f.notes)?.hasPasscode == false)
        #expect(throws: ManagerError.noPasscode) { try f.m.beginAttempt(f.notes, now: t(4)) }
    }

    @Test func anAttemptIsCountedAsFailedBeforeItIsVerified() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        let wrong = try f.m.beginAttempt(f.notes, now: t(0))
        #expect(f.m.countAttemptInAdvance(wrong, now: t(0)).contains(.persistLedger))
        #expect(f.m.lockoutLedger.records[f.notes]?.failedAttempts == 1, "on disk before verification starts")
        #expect(f.m.finishAttempt(wrong, outcome: .wrong, purpose: .unlock, now: t(1)).answer == .wrongPasscode(attemptsLeft: 4))
        #expect(f.m.lockoutLedger.records[f.notes]?.failedAttempts == 1, "counted once")

        let unavailable = try f.m.beginAttempt(f.notes, now: t(2))
        _ = f.m.countAttemptInAdvance(unavailable, now: t(2))
        #expect(f.m.lockoutLedger.records[f.notes]?.failedAttempts == 2)
        let result = f.m.finishAttempt(unavailable, outcome: .storeUnavailable, purpose: .unlock, now: t(3))
        #expect(result.actions.contains(.persistLedger))
        #expect(f.m.lockoutLedger.records[f.notes]?.failedAttempts == 1, "nothing was verified: the count goes back")

        let right = try f.m.beginAttempt(f.notes, now: t(4))
        _ = f.m.countAttemptInAdvance(right, now: t(4))
        #expect(f.m.finishAttempt(right, outcome: .verified, purpose: .unlock, now: t(5)).answer == .unlocked)
        #expect(f.m.lockoutLedger.records[f.notes] == nil, "a right passcode clears the count")
    }

    @Test func aPasscodeTamperedWithInTheStoreKeepsTheAppLockedAndItsCount() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        _ = try f.fail(f.notes, times: 1, now: t(0))
        #expect(f.state(f.notes) == .locked)
        let ticket = try f.m.beginAttempt(f.notes, now: t(1))
        let result = f.m.finishAttempt(ticket, outcome: .passcodeTampered, purpose: .unlock, now: t(1))
        #expect(result.answer == .passcodeTampered)
        #expect(result.answer.error() == .passcodeTampered)
        #expect(result.actions.isEmpty, "nothing changes: \(result.actions)")
        #expect(f.m.snapshot(of: f.notes)?.hasPasscode == true)
        #expect(f.m.snapshot(of: f.notes)?.failedAttempts == 1, "its failure count stays")
        #expect(f.state(f.notes) == .locked)

        _ = f.m.passcodeStored(f.mail, kind: .fourDigit, now: t(2))
        let unregistered = try f.m.beginAttempt(f.mail, now: t(2))
        let tampered = f.m.finishAttempt(unregistered, outcome: .passcodeTampered, purpose: .remove, now: t(2))
        #expect(tampered.answer == .passcodeTampered)
        #expect(f.m.snapshot(of: f.mail)?.hasPasscode == true, "an app known only for its passcode is kept")
    }

    @Test func removingThePasscodeOfAnUnregisteredAppForgetsIt() throws {
        var f = MachineFixture()
        _ = f.m.passcodeStored(f.notes, kind: .fourDigit, now: t(0))
        _ = try f.fail(f.notes, times: 2, now: t(0))
        #expect(f.m.passcodeRemoved(f.notes, now: t(1)) == [.persistLedger, .persistMissedAttempts, .appRemoved(f.notes)])
        #expect(f.m.missedAttempts.records.isEmpty)
        #expect(f.m.knownApps == [])
        #expect(f.m.passcodeRemoved(f.notes, now: t(1)) == [])
    }

    @Test func restoredLedgerSurvivesARestart() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        _ = try f.fail(f.notes, times: 6, now: t(0))
        let text = f.m.lockoutLedger.encoded()

        var g = MachineFixture()
        let (ledger, damaged) = LockoutLedger.decode(text, policyFor: g.m.policy(for:))
        #expect(damaged == [])
        #expect(g.m.restoreLedger(ledger) == [.rescheduleLockoutTimer(t(60))])
        #expect(g.m.passcodeStored(g.notes, kind: .fourDigit, now: t(10)) == [.appAdded(g.notes), .rescheduleLockoutTimer(t(60))],
                "the next input announces the timer again, in case the restore's actions were dropped")
        #expect(g.m.snapshot(of: g.notes)?.failedAttempts == 6)
        #expect(throws: ManagerError.lockedOut(seconds: 50)) { try g.m.beginAttempt(g.notes, now: t(10)) }
    }

    @Test func damagedLedgerMakesTheNextFailureLockOut() throws {
        var f = MachineFixture()
        let (ledger, _) = LockoutLedger.decode("applock-lockouts 1\nr org.example.Notes 0 0 deadbeef\n", policyFor: f.m.policy(for:))
        _ = f.m.restoreLedger(ledger)
        try f.register(f.mail, passcode: .fourDigit)
        #expect(f.m.snapshot(of: f.mail)?.failedAttempts == 5)
        #expect(try f.fail(f.mail, times: 1, now: t(0)) == .lockedOut(seconds: 60))
    }

    @Test func aFirstPasscodeSetUnderADamagedLedgerStartsClean() throws {
        var f = MachineFixture()
        let (ledger, _) = LockoutLedger.decode("garbage", policyFor: f.m.policy(for:))
        _ = f.m.restoreLedger(ledger)
        try f.register(f.mail)
        #expect(f.m.firstPasscodeSet(f.mail, kind: .fourDigit, now: t(0)).first == .persistLedger)
        #expect(f.m.snapshot(of: f.mail)?.failedAttempts == 0)
        #expect(try f.fail(f.mail, times: 1, now: t(1)) == .wrongPasscode(attemptsLeft: 4))
        #expect(f.m.lockoutLedger.damagedFallback, "other apps keep the fallback")
    }

    @Test func newPasscodeValidationUsesTheAppsPolicy() throws {
        let f = MachineFixture(mandatory: MandatoryPolicy { $0.minimumLength = 6 })
        #expect(throws: ManagerError.invalidPasscode("a four-digit passcode must be exactly 4 digits")) {
            try f.m.validateNewPasscode("123", kind: .fourDigit, for: f.notes)
        }
        #expect(throws: ManagerError.invalidPasscode("the passcode must be at least 6 characters long")) {
            try f.m.validateNewPasscode("1234", kind: .fourDigit, for: f.notes)
        }
        try f.m.validateNewPasscode("123456", kind: .sixDigit, for: f.notes)
    }

    @Test func aPasscodeThatCannotBeTheAppsIsRefusedByItsShapeAndASecondFirstPasscodeByItsExistence() throws {
        var f = MachineFixture()
        try f.m.checkShape(of: "open sesame", for: f.notes)
        try f.m.checkHasNoPasscode(f.notes)
        try f.register(f.notes, passcode: .fourDigit)
        let before = f.m
        let refusal = #expect(throws: ManagerError.self, "five digits for a four-digit passcode") {
            try f.m.checkShape(of: "12345", for: f.notes)
        }
        guard case .invalidPasscode(let message)? = refusal else {
            Issue.record("not refused with InvalidPasscode: \(String(describing: refusal))")
            return
        }
        #expect(message.hasSuffix("it cannot be this app's passcode, and no attempt was counted"))
        #expect(!message.contains("12345"), "the message never holds the passcode")
        try f.m.checkShape(of: "1234", for: f.notes)
        #expect(throws: ManagerError.passcodeExists) { try f.m.checkHasNoPasscode(f.notes) }
        #expect(f.m == before, "a refusal changes nothing, nor counts an attempt")
    }
}
