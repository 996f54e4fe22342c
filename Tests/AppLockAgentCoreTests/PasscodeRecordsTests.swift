import Testing
@testable import AppLockAgentCore
@testable import AppLockCore

@Suite struct PasscodeRecordsTests {
    let notes = appID("org.example.Notes")
    let mail = appID("org.example.Mail")

    @Test func aMissingItemOrAnotherHashIsTamperingAndTheFirstHashOfANewRecordIsAdopted() {
        let known = PasscodeRecords.Record(kind: .numeric, fingerprint: "aa")
        let learning = PasscodeRecords.Record(kind: .numeric, fingerprint: nil)
        #expect(PasscodeRecords.check(recorded: known, fingerprint: "aa") == .intact)
        #expect(PasscodeRecords.check(recorded: known, fingerprint: "bb") == .tampered)
        #expect(PasscodeRecords.check(recorded: known, fingerprint: nil) == .tampered)
        #expect(PasscodeRecords.check(recorded: learning, fingerprint: "bb") == .intact)
        #expect(PasscodeRecords.check(recorded: learning, fingerprint: nil) == .tampered)
        #expect(PasscodeRecords.check(recorded: nil, fingerprint: nil) == .tampered)
    }

    @Test func aKnownFingerprintIsKeptWhenTheKeyringOnlyNamesTheKind() {
        var records = PasscodeRecords()
        let first = records.stored(notes, kind: .numeric, fingerprint: "aa")
        let kindOnly = records.stored(notes, kind: .numeric, fingerprint: nil)
        #expect(first && !kindOnly)
        #expect(records.records[notes] == .init(kind: .numeric, fingerprint: "aa"))
        let replaced = records.stored(notes, kind: .alphanumeric, fingerprint: "cc")
        let forgotten = records.forget(notes)
        let again = records.forget(notes)
        #expect(replaced && forgotten && !again)
    }

    @Test func roundTripsAndADamagedLineNeverForgetsAnApp() {
        var records = PasscodeRecords()
        records.stored(notes, kind: .sixDigit, fingerprint: "0123abcd")
        records.stored(mail, kind: .alphanumeric, fingerprint: nil)
        let text = records.encoded()
        let (decoded, damaged) = PasscodeRecords.decode(text)
        #expect(damaged == [])
        #expect(decoded == records)

        let edited = text.replacing("0123abcd", with: "ffffffff")
        let (kept, problems) = PasscodeRecords.decode(edited)
        #expect(kept.records[notes] == .init(kind: .sixDigit, fingerprint: nil))
        #expect(kept.records[mail] == .init(kind: .alphanumeric, fingerprint: nil))
        #expect(problems.contains("line 3: damaged record for org.example.Notes"), "\(problems)")

        let (truncated, cut) = PasscodeRecords.decode(String(text.prefix(40)))
        #expect(!cut.isEmpty)
        #expect(truncated.records.count <= 2)
    }
}
