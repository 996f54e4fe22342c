import Testing
@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol

@Suite struct SharedPasscodeTests {
    let browser = appID("org.example.Browser")

    /// Notes and Mail registered, both using an AppLock passcode of four digits.
    func twoAppsUsingIt(_ f: inout MachineFixture) throws {
        _ = f.m.firstSharedPasscodeSet(kind: .fourDigit, now: t(0))
        try f.register(f.notes)
        try f.register(f.mail)
        _ = try f.m.useSharedPasscode(f.notes, now: t(0))
        _ = try f.m.useSharedPasscode(f.mail, now: t(0))
    }

    @Test func anAppUsesItOnlyWhenItIsSetAndTheAppHasNoneOfItsOwn() throws {
        var f = MachineFixture()
        try f.register(f.notes)
        try f.register(f.mail, passcode: .sixDigit)
        let before = f.m
        #expect(throws: ManagerError.noPasscode) { try f.m.useSharedPasscode(f.notes, now: t(0)) }
        #expect(f.m == before)
        #expect(f.m.firstSharedPasscodeSet(kind: .fourDigit, now: t(0)).contains(.sharedPasscodeChanged))
        #expect(f.m.sharedPasscodeKind == .fourDigit)
        let set = f.m
        #expect(throws: ManagerError.passcodeExists) { try f.m.useSharedPasscode(f.mail, now: t(0)) }
        #expect(f.m == set, "an app with its own passcode keeps it")
        #expect(try f.m.useSharedPasscode(f.notes, now: t(0)).contains(.propertiesChanged(f.notes)))
        let s = try #require(f.m.snapshot(of: f.notes))
        #expect(s.hasPasscode && s.passcodeKind == .fourDigit && s.passcodeSource == .shared)
        #expect(f.m.snapshot(of: f.mail)?.passcodeSource == .own)
        #expect(try f.m.useSharedPasscode(f.notes, now: t(0)) == [], "using it again changes nothing")
    }

    @Test func anUnregisteredAppThatUsesItIsKnownAndStartsLocked() throws {
        var f = MachineFixture()
        _ = f.m.firstSharedPasscodeSet(kind: .fourDigit, now: t(0))
        #expect(try f.m.useSharedPasscode(browser, now: t(0)).contains(.appAdded(browser)))
        #expect(f.state(browser) == .locked)
        try f.register(browser)
        #expect(f.state(browser) == .locked && f.reason(browser) == .launch)
    }

    @Test func failuresThroughEveryAppCountOnceUnderTheStrictestPolicy() throws {
        var f = MachineFixture(perApp: [
            appID("org.example.Notes"): policy { $0.maxFailedAttempts = 4; $0.lockoutSchedule = [60, 600] },
            appID("org.example.Mail"): policy { $0.maxFailedAttempts = 3; $0.lockoutSchedule = [120] },
        ])
        try twoAppsUsingIt(&f)
        try f.register(browser, passcode: .fourDigit)
        #expect(f.m.ledgerPolicy(.shared).maxFailedAttempts == 3)
        #expect(f.m.ledgerPolicy(.shared).lockoutSchedule == [120, 600])
        #expect(try f.fail(f.notes, times: 1, now: t(0)) == .wrongPasscode(attemptsLeft: 2))
        #expect(try f.fail(f.mail, times: 1, now: t(0)) == .wrongPasscode(attemptsLeft: 1))
        #expect(try f.fail(f.notes, times: 1, now: t(0)) == .wrongPasscode(attemptsLeft: 0))
        #expect(try f.fail(f.mail, times: 1, now: t(0)) == .lockedOut(seconds: 120))
        for app in [f.notes, f.mail] {
            #expect(throws: ManagerError.lockedOut(seconds: 120)) { try f.m.beginAttempt(app, now: t(0)) }
            let s = try #require(f.m.snapshot(of: app))
            #expect(s.failedAttempts == 4 && s.retryAfter == t(120))
        }
        #expect(f.m.snapshot(of: browser)?.failedAttempts == 0, "an app with its own passcode keeps its own count")
        _ = try f.m.beginAttempt(browser, now: t(0))
        #expect(f.m.timerFired(now: t(120)).contains(.propertiesChanged(f.mail)), "the end of the lock-out tells every app")
        #expect(try f.fail(f.notes, times: 1, now: t(121)) == .lockedOut(seconds: 600))
    }

    @Test func theSharedCountSurvivesARestartAndADamagedLineLocksOutNext() throws {
        var f = MachineFixture()
        try twoAppsUsingIt(&f)
        _ = try f.fail(f.notes, times: 2, now: t(0))
        let text = f.m.lockoutLedger.encoded()
        #expect(text.contains("\ns 2 0 "))
        let (ledger, damaged) = LockoutLedger.decode(text, policyFor: f.m.policy(for:))
        #expect(damaged.isEmpty && ledger.shared == LockoutRecord(failedAttempts: 2, retryAfter: 0))
        let broken = text.replacing("\ns 2 0 ", with: "\ns 0 0 ")
        let (fallback, problems) = LockoutLedger.decode(broken, policyFor: f.m.policy(for:))
        #expect(!problems.isEmpty && fallback.record(for: PasscodeHolder.shared, policy: Policy.defaults).failedAttempts == 5)
    }

    @Test func oneAttemptAtATimeOnTheAppLockPasscode() throws {
        var f = MachineFixture()
        try twoAppsUsingIt(&f)
        _ = try f.m.lock(f.mail, now: t(0))
        let ticket = try f.m.beginAttempt(f.notes, now: t(0))
        #expect(ticket.holder == .shared)
        #expect(throws: ManagerError.attemptInProgress) { try f.m.beginAttempt(f.mail, now: t(0)) }
        _ = f.m.countAttemptInAdvance(ticket, now: t(0))
        #expect(f.m.snapshot(of: f.mail)?.failedAttempts == 1, "counted before it is verified, for every app")
        let result = f.m.finishAttempt(ticket, outcome: .verified, purpose: .unlock, now: t(0))
        #expect(result.answer == .unlocked)
        #expect(result.actions.contains(.propertiesChanged(f.mail)))
        #expect(f.m.snapshot(of: f.mail)?.failedAttempts == 0 && f.state(f.mail) == .locked, "Mail stays locked")
    }

    @Test func removingItLeavesEveryAppThatUsedItWithoutAPasscode() throws {
        var f = MachineFixture()
        try twoAppsUsingIt(&f)
        _ = try f.fail(f.notes, times: 1, now: t(0))
        let actions = f.m.sharedPasscodeRemoved(now: t(1))
        #expect(actions.contains(.sharedPasscodeChanged) && actions.contains(.persistLedger))
        for app in [f.notes, f.mail] {
            let s = try #require(f.m.snapshot(of: app))
            #expect(!s.hasPasscode && s.passcodeSource == PasscodeSource.none && s.state == .unlocked)
        }
        #expect(f.m.sharedPasscodeKind == nil && f.m.lockoutLedger.shared == nil)
    }

    @Test func removingOneAppsUseKeepsTheOthersAndTheCount() throws {
        var f = MachineFixture()
        try twoAppsUsingIt(&f)
        _ = try f.fail(f.notes, times: 1, now: t(0))
        _ = f.m.passcodeRemoved(f.notes, now: t(1))
        #expect(f.m.snapshot(of: f.notes)?.passcodeSource == PasscodeSource.none)
        #expect(f.m.snapshot(of: f.mail)?.failedAttempts == 1)
        #expect(f.m.sharedUsers == [f.mail])
    }

    @Test func aPasscodeOfItsOwnEndsItsUse() throws {
        var f = MachineFixture()
        try twoAppsUsingIt(&f)
        _ = f.m.firstPasscodeSet(f.notes, kind: .sixDigit, now: t(0))
        let s = try #require(f.m.snapshot(of: f.notes))
        #expect(s.passcodeSource == .own && s.passcodeKind == .sixDigit)
        #expect(f.m.sharedUsers == [f.mail])
    }

    @Test func aNewAppLockPasscodeMeetsThePolicyOfEveryAppThatUsesIt() throws {
        var f = MachineFixture(perApp: [appID("org.example.Mail"): policy { $0.minimumLength = 6 }])
        try twoAppsUsingIt(&f)
        #expect(throws: ManagerError.self) { try f.m.validateNewSharedPasscode("1234", kind: .fourDigit) }
        try f.m.validateNewSharedPasscode("123456", kind: .sixDigit)
        let g = MachineFixture(mandatory: MandatoryPolicy { $0.minimumLength = 8 })
        #expect(throws: ManagerError.self, "the administrator's limits apply") {
            try g.m.validateNewSharedPasscode("123456", kind: .numeric)
        }
        try g.m.validateNewSharedPasscode("12345678", kind: .numeric)
    }
}

@Suite struct SharedPasscodeRecordsTests {
    @Test func theAppLockPasscodeAndItsUsersRoundTripAndADamagedLineKeepsThem() throws {
        let notes = appID("org.example.Notes")
        var records = PasscodeRecords()
        let early = records.usesShared(notes)
        #expect(!early, "no AppLock passcode to use yet")
        records.sharedStored(kind: .fourDigit, fingerprint: "abc")
        let used = records.usesShared(notes)
        #expect(used)
        #expect(records.record(protecting: notes) == .init(kind: .fourDigit, fingerprint: "abc"))
        let text = records.encoded()
        let (read, damaged) = PasscodeRecords.decode(text)
        #expect(damaged.isEmpty && read == records)
        let broken = text.replacing("\na four-digit abc ", with: "\na four-digit abd ")
        let (kept, problems) = PasscodeRecords.decode(broken)
        #expect(!problems.isEmpty)
        #expect(kept.sharedUsers == [notes] && kept.shared?.fingerprint == nil, "a damaged line never forgets a passcode")
        #expect(PasscodeRecords.decode(PasscodeRecords(records: [notes: .init(kind: .sixDigit, fingerprint: nil)]).encoded()).0.shared == nil)
    }
}

@Suite struct SharedAttemptTests {
    @Test func anAttemptOnTheAppLockPasscodeItselfCountsInItsOneRecord() throws {
        var f = MachineFixture(base: policy { $0.maxFailedAttempts = 2 })
        #expect(throws: ManagerError.noPasscode) { try f.m.beginSharedAttempt(now: t(0)) }
        _ = f.m.firstSharedPasscodeSet(kind: .fourDigit, now: t(0))
        try f.register(f.notes)
        _ = try f.m.useSharedPasscode(f.notes, now: t(0))
        let ticket = try f.m.beginSharedAttempt(now: t(0))
        #expect(throws: ManagerError.attemptInProgress) { try f.m.beginAttempt(f.notes, now: t(0)) }
        #expect(throws: ManagerError.attemptInProgress) { try f.m.beginSharedAttempt(now: t(0)) }
        let (_, counted) = f.m.countSharedAttemptInAdvance(ticket, now: t(0))
        let wrong = f.m.finishSharedAttempt(ticket, outcome: .wrong, counted: counted, now: t(0))
        #expect(wrong.answer == .wrongPasscode(attemptsLeft: 1) && wrong.actions.contains(.propertiesChanged(f.notes)))
        #expect(try f.fail(f.notes, times: 1, now: t(0)) == .wrongPasscode(attemptsLeft: 0), "through an app, the same count")
        let next = try f.m.beginSharedAttempt(now: t(0))
        let (_, again) = f.m.countSharedAttemptInAdvance(next, now: t(0))
        let unverified = f.m.finishSharedAttempt(next, outcome: .storeUnavailable, counted: again, now: t(0))
        #expect(unverified.answer == .storeUnavailable && f.m.snapshot(of: f.notes)?.failedAttempts == 2,
                "nothing verified: the count goes back")
        let last = try f.m.beginSharedAttempt(now: t(0))
        let (_, third) = f.m.countSharedAttemptInAdvance(last, now: t(0))
        #expect(f.m.finishSharedAttempt(last, outcome: .wrong, counted: third, now: t(0)).answer == .lockedOut(seconds: 60))
        #expect(throws: ManagerError.lockedOut(seconds: 60)) { try f.m.beginSharedAttempt(now: t(0)) }
        #expect(throws: ManagerError.lockedOut(seconds: 60)) { try f.m.beginAttempt(f.notes, now: t(0)) }
    }
}

@Suite struct UnlockTogetherTests {
    let browser = appID("org.example.Browser")
    let vault = appID("org.example.Vault")

    @Test func aSessionLockedAppWithTheKeyOnUnlocksWithAnotherNotOneLockedByHandOrWithoutTheKey() throws {
        let together = policy { $0.unlockTogether = true }
        var f = MachineFixture(perApp: [
            appID("org.example.Mail"): together, appID("org.example.Browser"): together, appID("org.example.Vault"): together,
        ])
        _ = f.m.firstSharedPasscodeSet(kind: .fourDigit, now: t(0))
        for app in [f.notes, f.mail, browser] {
            try f.register(app)
            _ = try f.m.useSharedPasscode(app, now: t(0))
        }
        try f.register(vault, passcode: .sixDigit)
        _ = try f.m.lock(browser, now: t(0))
        _ = f.m.session(.sessionLocked(true), now: t(1), source: "logind")
        _ = f.m.session(.sessionLocked(false), now: t(2), source: "logind")
        for app in [f.notes, f.mail, browser, vault] { #expect(f.state(app) == .locked) }

        let ticket = try f.m.beginAttempt(f.notes, now: t(3))
        let result = f.m.finishAttempt(ticket, outcome: .verified, purpose: .unlock, now: t(3))
        #expect(result.answer == .unlocked)
        #expect(stateChangeStrings(result.actions) == [
            "org.example.Notes unlocked unlock", "org.example.Mail unlocked unlock",
        ], "Mail has the key and was locked by the screen lock; Browser was locked by hand; Vault has its own passcode")
        #expect(f.state(browser) == .locked && f.state(vault) == .locked)
    }

    @Test func itIsAWeakeningHeldUntilConfirmed() throws {
        #expect(PolicyKey.unlockTogether.strictness.weakens(from: .bool(false), to: .bool(true)))
        #expect(!PolicyKey.unlockTogether.strictness.weakens(from: .bool(true), to: .bool(false)))
        #expect(Policy.defaults.unlockTogether == false)
    }
}

@Suite struct SharedPasscodeCustodyTests {
    @Test func aTamperedAppLockPasscodeIsToldOncePerEpisodeNamingEveryAppThatUsesIt() {
        let notes = appID("org.example.Notes")
        let mail = appID("org.example.Mail")
        var custody = PasscodeCustody()
        _ = custody.sharedPasscodeKnown(kind: .fourDigit, fingerprint: "f")
        #expect(custody.usesSharedPasscode(notes, files: PolicySet()).contains(.saveRecords))
        _ = custody.usesSharedPasscode(mail, files: PolicySet())
        #expect(custody.records.appsWithPasscode == [notes, mail], "their weakenings are held as an own passcode's")
        #expect(custody.sharedTampered() == [.notifySharedTampered([mail, notes])])
        #expect(custody.sharedTampered() == [], "told once")
        _ = custody.sharedPasscodeKnown(kind: .fourDigit, fingerprint: "f")
        #expect(custody.sharedTampered().count == 1, "a new episode once the item verified again")
        let forgotten = custody.sharedPasscodeForgotten(files: PolicySet())
        #expect(forgotten.contains(.dropSealingKey(notes)) && forgotten.contains(.dropSealingKey(mail)))
        #expect(custody.records.shared == nil && custody.records.sharedUsers.isEmpty)
    }

    @Test func anAppThatSwitchesToTheAppLockPasscodeKeepsItsAuthenticatedPolicyUnsealedUntilThatIsEntered() {
        let vault = appID("org.example.Vault")
        var custody = PasscodeCustody()
        _ = custody.sharedPasscodeKnown(kind: .fourDigit, fingerprint: "shared")
        _ = custody.firstPasscodeStored(vault, kind: .sixDigit, fingerprint: "own", files: PolicySet())
        let switched = custody.switchedToSharedPasscode(vault)
        #expect(switched == [.saveRecords, .dropSealingKey(vault), .keepUnsealed(vault)])
        #expect(custody.records.records[vault] == nil && custody.records.sharedUsers == [vault])
        #expect(custody.records.record(protecting: vault)?.fingerprint == "shared")
        #expect(custody.authenticated.baselines[vault]?.isVerified == true, "the app's own passcode was just proven")
        #expect(custody.mustCheckSeal(vault), "the AppLock passcode's key seals it once entered")
    }
}

@Suite struct SwitchToSharedPasscodeTests {
    let browser = appID("org.example.Browser")

    @Test func switchingToItTakesTheAppsOwnPasscodeAndHappensInOneStep() throws {
        var f = MachineFixture()
        try f.register(f.mail, passcode: .sixDigit)
        try f.register(f.notes)
        #expect(throws: ManagerError.noPasscode, "no AppLock passcode yet") { try f.m.beginSwitchToShared(f.mail, now: t(0)) }
        _ = f.m.firstSharedPasscodeSet(kind: .fourDigit, now: t(0))
        _ = try f.m.useSharedPasscode(f.notes, now: t(0))
        #expect(f.state(f.mail) == .locked)
        #expect(throws: ManagerError.noPasscode, "Notes uses it already") { try f.m.beginSwitchToShared(f.notes, now: t(0)) }
        try f.register(browser)
        #expect(throws: ManagerError.noPasscode, "Browser has no passcode") { try f.m.beginSwitchToShared(browser, now: t(0)) }

        let wrong = try f.m.beginSwitchToShared(f.mail, now: t(0))
        #expect(wrong.holder == .app(f.mail), "the app's own passcode is asked")
        #expect(f.m.finishAttempt(wrong, outcome: .wrong, purpose: .switchToShared, now: t(0)).answer
            == .wrongPasscode(attemptsLeft: 4))
        #expect(f.m.snapshot(of: f.mail)?.failedAttempts == 1 && f.m.snapshot(of: f.notes)?.failedAttempts == 0,
                "a wrong one counts in the app's own ledger")
        #expect(f.m.snapshot(of: f.mail)?.passcodeSource == .own)

        let right = try f.m.beginSwitchToShared(f.mail, now: t(0))
        let result = f.m.finishAttempt(right, outcome: .verified, purpose: .switchToShared, now: t(0))
        #expect(result.answer == .verified)
        #expect(stateChanges(result.actions).isEmpty, "the app stays locked")
        let s = try #require(f.m.snapshot(of: f.mail))
        #expect(s.state == .locked && s.hasPasscode && s.passcodeSource == .shared && s.passcodeKind == .fourDigit)
        #expect(f.m.lockoutLedger[.app(f.mail)] == nil, "its own count is dropped")
        _ = try f.fail(f.notes, times: 1, now: t(0))
        #expect(f.m.snapshot(of: f.mail)?.failedAttempts == 1, "it reads the AppLock passcode's one count now")
        #expect(try f.m.beginAttempt(f.mail, now: t(0)).holder == .shared)
    }

    @Test func anAppLockPasscodeRemovedWhileTheSwitchIsVerifiedLeavesTheAppAsEveryOtherThatUsedIt() throws {
        var f = MachineFixture()
        _ = f.m.firstSharedPasscodeSet(kind: .fourDigit, now: t(0))
        try f.register(f.notes)
        _ = try f.m.useSharedPasscode(f.notes, now: t(0))
        try f.register(browser, passcode: .sixDigit)
        #expect(f.state(browser) == .locked)
        let ticket = try f.m.beginSwitchToShared(browser, now: t(0))
        _ = f.m.sharedPasscodeRemoved(now: t(0))
        let result = f.m.finishAttempt(ticket, outcome: .verified, purpose: .switchToShared, now: t(0))
        #expect(result.answer == .verified, "the switch came first, the removal after it")
        #expect(f.m.snapshot(of: browser)?.hasPasscode == false && f.state(browser) == .unlocked)
        #expect(f.state(f.notes) == .unlocked)
    }
}
