import AppLockClient
import AppLockCore
import AppLockProtocol
import Testing

/// The pure passcode state machine: set / confirm / mismatch / change / remove / unlock.
@Suite struct PasscodeFlowTests {
    @Test func setConfirmsAndRetriesAfterAMismatch() {
        var flow = PasscodeFlow(.set(.fourDigit))
        #expect(flow.step == .setPasscode)
        #expect(flow.submit("1234") == nil)
        #expect(flow.step == .confirmPasscode)
        #expect(flow.submit("4321") == nil)
        #expect(flow.step == .setPasscode)
        #expect(flow.notice == .mismatch)
        #expect(flow.submit("5678") == nil)
        #expect(flow.notice == nil)
        #expect(flow.submit("5678") == .setPasscode("5678", .fourDigit))
        #expect(flow.step == .waiting)
        flow.complete(.success(()))
        #expect(flow.step == .finished)
    }

    @Test func aNewPasscodeOfTheWrongShapeIsRefusedLocally() {
        var flow = PasscodeFlow(.set(.sixDigit))
        #expect(flow.submit("1234") == nil)
        #expect(flow.step == .setPasscode)
        #expect(flow.notice == .wrongShape(.sixDigit))
        var letters = PasscodeFlow(.set(.numeric))
        #expect(letters.submit("12ab") == nil)
        #expect(letters.notice == .wrongShape(.numeric))
    }

    @Test func agentRefusalOfANewPasscodeGoesBackToSetPasscode() {
        var flow = PasscodeFlow(.set(.fourDigit))
        _ = flow.submit("1111")
        let request = flow.submit("1111")
        #expect(request != nil)
        flow.complete(.failure(.agent(.invalidPasscode, message: "too simple")))
        #expect(flow.step == .setPasscode)
        #expect(flow.notice == .failed(.agent(.invalidPasscode, message: "too simple")))
    }

    @Test func unlockStaysOnEnterPasscodeWithTheAgentsAnswer() {
        var flow = PasscodeFlow(.unlock)
        #expect(flow.step == .enterPasscode)
        #expect(flow.submit("0000") == .unlock("0000"))
        flow.complete(.failure(.agent(.wrongPasscode, message: "")))
        #expect(flow.step == .enterPasscode)
        #expect(flow.notice == .failed(.agent(.wrongPasscode, message: "")))
        #expect(flow.submit("1234") == .unlock("1234"))
        #expect(flow.notice == nil)
        flow.complete(.failure(.agent(.lockedOut, message: "")))
        #expect(flow.notice == .failed(.agent(.lockedOut, message: "")))
        _ = flow.submit("1234")
        flow.complete(.success(()))
        #expect(flow.step == .finished)
    }

    @Test func changeAsksOldThenNewThenConfirmation() {
        var flow = PasscodeFlow(.change(.sixDigit))
        #expect(flow.prompt == "Enter your current passcode")
        #expect(flow.submit("1234") == nil)
        #expect(flow.step == .setPasscode)
        #expect(flow.submit("246810") == nil)
        #expect(flow.submit("246810") == .changePasscode(old: "1234", new: "246810", kind: .sixDigit))
        flow.complete(.failure(.agent(.wrongPasscode, message: "")))
        #expect(flow.step == .enterPasscode)
        flow.reset()
        #expect(flow == PasscodeFlow(.change(.sixDigit)))
    }

    @Test func removeAsksForTheCurrentPasscode() {
        var flow = PasscodeFlow(.remove)
        #expect(flow.submit("9999") == .removePasscode("9999"))
        #expect(flow.step == .waiting)
        #expect(flow.submit("again") == nil)
    }

    @Test func kindsCheckTheirShape() {
        #expect(PasscodeKind.fourDigit.accepts("0123"))
        #expect(!PasscodeKind.fourDigit.accepts("01234"))
        #expect(PasscodeKind.numeric.accepts(String(repeating: "7", count: 32)))
        #expect(!PasscodeKind.numeric.accepts("123"))
        #expect(PasscodeKind.alphanumeric.accepts("correct horse"))
        #expect(!PasscodeKind.alphanumeric.accepts("tab\there"))
    }
}
