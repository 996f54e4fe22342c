import Testing
@testable import AppLockCore

@Suite struct MissedAttemptLogTests {
    let notes = appID("org.example.Notes")
    let mail = appID("org.example.Mail")

    func wrong(_ seconds: UInt64) -> MissedAttempt { MissedAttempt(time: t(seconds), method: .passcode, outcome: .wrongPasscode) }

    @Test func recordsEachFailureUntilTheNextUnlockThenReportsItOnce() {
        var log = MissedAttemptLog()
        log.recordFailure(notes, wrong(10))
        log.recordFailure(notes, MissedAttempt(time: t(20), method: .systemAuthentication, outcome: .notAuthorized))
        log.recordFailure(mail, wrong(30))
        let report = log.takeReport(notes)
        #expect(report == .init(count: 2, attempts: [
            wrong(10), MissedAttempt(time: t(20), method: .systemAuthentication, outcome: .notAuthorized),
        ]))
        let again = log.takeReport(notes)
        #expect(again == nil, "reported once, then cleared")
        #expect(log.record(for: mail).count == 1, "another app's record stays")
    }

    @Test func keepsTheNewestAttemptsAndCountsPastTheLimit() {
        var log = MissedAttemptLog(limit: 3)
        for s in 1...5 { log.recordFailure(notes, wrong(UInt64(s))) }
        #expect(log.record(for: notes) == .init(count: 5, attempts: [wrong(3), wrong(4), wrong(5)]))
    }

    @Test func removingAnAppForgetsItsRecord() {
        var log = MissedAttemptLog()
        log.recordFailure(notes, wrong(1))
        let removed = log.remove(notes)
        let removedAgain = log.remove(notes)
        #expect(removed)
        #expect(!removedAgain)
        #expect(log.record(for: notes).count == 0)
    }

    @Test func survivesEncodingAndDecoding() {
        var log = MissedAttemptLog(limit: 2)
        for s in 1...3 { log.recordFailure(notes, wrong(UInt64(s))) }
        log.recordFailure(mail, MissedAttempt(time: t(9), method: .passcode, outcome: .lockedOut))
        let (decoded, damaged) = MissedAttemptLog.decode(log.encoded(), limit: 2)
        #expect(damaged.isEmpty)
        #expect(decoded == log)
        let (empty, emptyDamage) = MissedAttemptLog.decode(MissedAttemptLog().encoded())
        #expect(emptyDamage.isEmpty)
        #expect(empty.records.isEmpty)
    }

    @Test func aDamagedLineIsReportedAndTheRestKept() {
        var log = MissedAttemptLog()
        log.recordFailure(notes, wrong(1))
        log.recordFailure(notes, wrong(2))
        log.recordFailure(mail, wrong(3))
        let secondOfNotes = "a org.example.Notes \(t(2) as UnixMicroseconds) "
        let text = log.encoded().split(separator: "\n").map { line in
            line.hasPrefix(secondOfNotes) ? "a org.example.Notes \(t(7) as UnixMicroseconds) " + line.dropFirst(secondOfNotes.count) : String(line)
        }.joined(separator: "\n") + "\n"
        let (decoded, damaged) = MissedAttemptLog.decode(text)
        #expect(damaged.contains { $0.contains("damaged attempt") })
        #expect(damaged.contains { $0.contains("end line does not match") })
        #expect(decoded.record(for: notes) == .init(count: 2, attempts: [wrong(1)]), "the count read stays")
        #expect(decoded.record(for: mail) == .init(count: 1, attempts: [wrong(3)]))
    }

    @Test func aTruncatedOrForeignFileIsReported() {
        var log = MissedAttemptLog()
        log.recordFailure(notes, wrong(1))
        let lines = log.encoded().split(separator: "\n")
        let truncated = lines.dropLast().joined(separator: "\n") + "\n"
        let (kept, damaged) = MissedAttemptLog.decode(truncated)
        #expect(damaged == ["file is truncated: no end line"])
        #expect(kept.record(for: notes).count == 1)
        let (_, foreign) = MissedAttemptLog.decode("hello\n")
        #expect(foreign.contains("line 1: missing or unknown header"))
        let (_, partial) = MissedAttemptLog.decode(String(log.encoded().dropLast()))
        #expect(partial.contains { $0.contains("last line is incomplete") })
    }
}
