import Testing
@testable import AppLockAgentCore
@testable import AppLockCore

@Suite struct LockoutLedgerTests {
    let notes = appID("org.example.Notes")
    let mail = appID("org.example.Mail")
    let policy = Policy.defaults

    @Test func countsDownThenLocksOutOnTheSchedule() {
        var ledger = LockoutLedger()
        var outcomes: [FailureOutcome] = []
        for _ in 0..<10 { outcomes.append(ledger.recordFailure(.app(notes), policy: policy, now: t(0))) }
        #expect(outcomes[0..<5] == [
            .wrongPasscode(attemptsLeft: 4), .wrongPasscode(attemptsLeft: 3), .wrongPasscode(attemptsLeft: 2),
            .wrongPasscode(attemptsLeft: 1), .wrongPasscode(attemptsLeft: 0),
        ])
        #expect(outcomes[5] == .lockedOut(until: t(60), seconds: 60))
        #expect(outcomes[6] == .lockedOut(until: t(300), seconds: 300))
        #expect(outcomes[7] == .lockedOut(until: t(900), seconds: 900))
        #expect(outcomes[8] == .lockedOut(until: t(3600), seconds: 3600))
        #expect(outcomes[9] == .lockedOut(until: t(3600), seconds: 3600), "the last delay repeats")
        #expect(ledger.record(for: .app(notes), policy: policy).failedAttempts == 10)
        #expect(ledger.record(for: .app(mail), policy: policy) == .clean)
    }

    @Test func checkReportsSecondsLeftRoundedUp() {
        var ledger = LockoutLedger()
        for _ in 0..<6 { _ = ledger.recordFailure(.app(notes), policy: policy, now: t(100)) }
        #expect(ledger.check(.app(notes), now: t(100)) == .lockedOut(until: t(160), secondsLeft: 60))
        #expect(ledger.check(.app(notes), now: t(159) + 1) == .lockedOut(until: t(160), secondsLeft: 1))
        #expect(ledger.check(.app(notes), now: t(160)) == .allowed)
        #expect(ledger.check(.app(mail), now: t(100)) == .allowed)
        #expect(ledger.nextRetryAfter == t(160))
        let early = ledger.expireLockouts(now: t(159))
        #expect(early == [])
        let due = ledger.expireLockouts(now: t(160))
        #expect(due == [.app(notes)])
        #expect(ledger.record(for: .app(notes), policy: policy) == LockoutRecord(failedAttempts: 6, retryAfter: 0))
    }

    @Test func successResetsTheCount() {
        var ledger = LockoutLedger()
        for _ in 0..<7 { _ = ledger.recordFailure(.app(notes), policy: policy, now: t(0)) }
        let changed = ledger.recordSuccess(.app(notes))
        #expect(changed)
        #expect(ledger.record(for: .app(notes), policy: policy) == .clean)
        let changedAgain = ledger.recordSuccess(.app(notes))
        #expect(!changedAgain)
        let next = ledger.recordFailure(.app(notes), policy: policy, now: t(0))
        #expect(next == .wrongPasscode(attemptsLeft: 4))
    }

    @Test func zeroMaxFailedAttemptsLocksOutAtTheFirstFailure() {
        var ledger = LockoutLedger()
        var p = policy
        p.maxFailedAttempts = 0
        p.lockoutSchedule = [7]
        let outcome = ledger.recordFailure(.app(notes), policy: p, now: t(0))
        #expect(outcome == .lockedOut(until: t(7), seconds: 7))
    }

    @Test func encodeDecodeRoundTrip() {
        var ledger = LockoutLedger()
        for _ in 0..<6 { _ = ledger.recordFailure(.app(notes), policy: policy, now: t(0)) }
        _ = ledger.recordFailure(.app(mail), policy: policy, now: t(0))
        let text = ledger.encoded()
        #expect(text.hasPrefix("applock-lockouts 1\n"))
        let (decoded, damaged) = LockoutLedger.decode(text, policyFor: { _ in policy })
        #expect(damaged == [])
        #expect(decoded == ledger)
        #expect(!decoded.damagedFallback)
        let (empty, emptyDamage) = LockoutLedger.decode(LockoutLedger().encoded(), policyFor: { _ in policy })
        #expect(empty == LockoutLedger() && emptyDamage == [])
    }

    func sample() -> String {
        var ledger = LockoutLedger()
        for _ in 0..<2 { _ = ledger.recordFailure(.app(notes), policy: policy, now: t(0)) }
        for _ in 0..<6 { _ = ledger.recordFailure(.app(mail), policy: policy, now: t(0)) }
        return ledger.encoded()
    }

    @Test func aDamagedRecordNeverLowersTheCount() {
        let text = sample().replacing("org.example.Notes 2 ", with: "org.example.Notes 0 ")
        let (ledger, damaged) = LockoutLedger.decode(text, policyFor: { _ in policy })
        #expect(damaged.contains { $0.contains("damaged record for org.example.Notes") })
        #expect(ledger.damagedFallback)
        #expect(ledger.record(for: .app(notes), policy: policy).failedAttempts == 5)
        #expect(ledger.record(for: .app(mail), policy: policy) == LockoutRecord(failedAttempts: 6, retryAfter: t(60)))
        var copy = ledger
        let outcome = copy.recordFailure(.app(notes), policy: policy, now: t(0))
        #expect(outcome == .lockedOut(until: t(60), seconds: 60))
    }

    @Test func truncationTurnsOnTheFallbackForEveryApp() {
        let full = sample()
        let lines = full.split(separator: "\n")
        for keep in 0..<lines.count {
            let text = lines[0..<keep].joined(separator: "\n") + (keep == 0 ? "" : "\n")
            let (ledger, damaged) = LockoutLedger.decode(text, policyFor: { _ in policy })
            #expect(!damaged.isEmpty, "keeping \(keep) lines")
            #expect(ledger.damagedFallback)
            for app in [notes, mail, appID("org.example.Unseen")] {
                #expect(ledger.record(for: .app(app), policy: policy).failedAttempts >= 2)
            }
            #expect(ledger.record(for: .app(appID("org.example.Unseen")), policy: policy).failedAttempts == 5)
        }
        let cut = String(full.dropLast(7))
        let (ledger, damaged) = LockoutLedger.decode(cut, policyFor: { _ in policy })
        #expect(!damaged.isEmpty && ledger.damagedFallback)
        #expect(ledger.record(for: .app(mail), policy: policy).failedAttempts == 6)
    }

    @Test(arguments: ["garbage", "\0\0\0", "applock-lockouts 2\nend 0 0\n", "r x y z\n", "\n\n\n"])
    func garbageNeverYieldsAZeroCount(_ text: String) {
        let (ledger, damaged) = LockoutLedger.decode(text, policyFor: { _ in policy })
        #expect(!damaged.isEmpty)
        #expect(ledger.record(for: .app(notes), policy: policy).failedAttempts == 5)
    }

    @Test func fallbackPersistsUntilEachAppGetsAFreshRecord() {
        var (ledger, _) = LockoutLedger.decode("garbage", policyFor: { _ in policy })
        let (reread, damaged) = LockoutLedger.decode(ledger.encoded(), policyFor: { _ in policy })
        #expect(damaged == [])
        #expect(reread.damagedFallback)
        let changed = ledger.recordSuccess(.app(notes))
        #expect(changed)
        #expect(ledger.record(for: .app(notes), policy: policy) == .clean)
        #expect(ledger.record(for: .app(mail), policy: policy).failedAttempts == 5)
        let (again, _) = LockoutLedger.decode(ledger.encoded(), policyFor: { _ in policy })
        #expect(again.record(for: .app(notes), policy: policy) == .clean)
        #expect(again.record(for: .app(mail), policy: policy).failedAttempts == 5)
    }
}
