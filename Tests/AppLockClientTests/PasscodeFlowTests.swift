import AppLockClient
import AppLockCore
import AppLockProtocol
import Testing

/// The pure passcode state machine the lock window and the demo share: set / confirm / mismatch / change / remove /
/// unlock, and the wiping of every passcode it holds.
@Suite struct PasscodeFlowTests {
    @Test func setConfirmsAndRetriesAfterAMismatch() {
        var flow = PasscodeFlow(.set, kind: .fourDigit)
        #expect(flow.step == .choose)
        #expect(flow.prompt == "Choose a new passcode")
        #expect(flow.submit(bytes("1234")) == nil)
        #expect(flow.step == .confirm)
        #expect(flow.prompt == "Enter the new passcode again")
        #expect(flow.submit(bytes("4321")) == nil)
        #expect(flow.step == .choose)
        #expect(flow.notice == .mismatch)
        #expect(flow.submit(bytes("5678")) == nil)
        #expect(flow.notice == nil)
        guard case .set(let chosen, .fourDigit)? = flow.submit(bytes("5678")) else {
            Issue.record("no SetPasscode request")
            return
        }
        #expect(chosen.makeString() == "5678")
        #expect(flow.step == .waiting)
        flow.complete(.success(()))
        #expect(flow.step == .finished)
        #expect(flow.prompt == "The passcode is set.")
        #expect(chosen.isEmpty, "the chosen passcode is wiped once the agent answered")
    }

    @Test func aNewPasscodeOfTheWrongShapeIsRefusedLocally() {
        var flow = PasscodeFlow(.set, kind: .sixDigit)
        #expect(flow.submit(bytes("1234")) == nil)
        #expect(flow.step == .choose)
        #expect(flow.notice == .wrongShape(.wrongLength(.sixDigit, expected: 6)))
        var letters = PasscodeFlow(.set, kind: .numeric)
        #expect(letters.submit(bytes("12ab")) == nil)
        #expect(letters.notice == .wrongShape(.notDigits(.numeric)))
        letters.kind = .alphanumeric
        #expect(letters.submit(bytes("12ab")) == nil)
        #expect(letters.step == .confirm, "the kind chosen on the screen is the one checked")
    }

    @Test func agentRefusalOfANewPasscodeGoesBackToChoose() {
        var flow = PasscodeFlow(.set, kind: .fourDigit)
        _ = flow.submit(bytes("1111"))
        let request = flow.submit(bytes("1111"))
        #expect(request != nil)
        flow.complete(.failure(.agent(.invalidPasscode, message: "too simple")))
        #expect(flow.step == .choose)
        #expect(flow.notice == .failed(.agent(.invalidPasscode, message: "too simple")))
    }

    @Test func unlockStaysOnEnterCurrentWithTheAgentsAnswer() {
        var flow = PasscodeFlow(.unlock)
        #expect(flow.step == .enterCurrent)
        #expect(flow.prompt == "Enter passcode")
        guard case .unlock(let sent)? = flow.submit(bytes("0000")) else {
            Issue.record("no Unlock request")
            return
        }
        #expect(sent.makeString() == "0000")
        flow.complete(.failure(.agent(.wrongPasscode, message: "")))
        #expect(sent.isEmpty, "a refused passcode is wiped")
        #expect(flow.step == .enterCurrent)
        #expect(flow.notice == .failed(.agent(.wrongPasscode, message: "")))
        #expect(flow.submit(bytes("1234")) != nil)
        #expect(flow.notice == nil)
        flow.complete(.failure(.agent(.lockedOut, message: "")))
        #expect(flow.notice == .failed(.agent(.lockedOut, message: "")))
        _ = flow.submit(bytes("1234"))
        flow.complete(.success(()))
        #expect(flow.step == .finished)
    }

    @Test func changeAsksOldThenNewThenConfirmation() {
        var flow = PasscodeFlow(.change, kind: .sixDigit)
        #expect(flow.prompt == "Enter your current passcode")
        #expect(flow.submit(bytes("1234")) == nil)
        #expect(flow.step == .choose)
        #expect(flow.submit(bytes("246810")) == nil)
        guard case .change(let old, let new, .sixDigit)? = flow.submit(bytes("246810")) else {
            Issue.record("no ChangePasscode request")
            return
        }
        #expect(old.makeString() == "1234" && new.makeString() == "246810")
        flow.complete(.failure(.agent(.wrongPasscode, message: "")))
        #expect(flow.step == .enterCurrent)
        #expect(old.isEmpty && new.isEmpty)
    }

    @Test func aRefusedNewPasscodeKeepsTheCurrentOneForAnotherChoice() {
        var flow = PasscodeFlow(.change, kind: .fourDigit)
        _ = flow.submit(bytes("1234"))
        _ = flow.submit(bytes("0000"))
        guard case .change(let old, _, _)? = flow.submit(bytes("0000")) else {
            Issue.record("no ChangePasscode request")
            return
        }
        flow.complete(.failure(.agent(.invalidPasscode, message: "too simple")))
        #expect(flow.step == .choose)
        #expect(old.makeString() == "1234", "the current passcode is kept for the next choice")
        flow.reset()
        #expect(old.isEmpty, "reset wipes it")
        #expect(flow.step == .enterCurrent && flow.notice == nil)
    }

    @Test func removeAsksForTheCurrentPasscode() {
        var flow = PasscodeFlow(.remove)
        guard case .remove(let current)? = flow.submit(bytes("9999")) else {
            Issue.record("no RemovePasscode request")
            return
        }
        #expect(current.makeString() == "9999")
        #expect(flow.step == .waiting)
        #expect(flow.submit(bytes("again")) == nil)
        flow.complete(.success(()))
        #expect(flow.prompt == "The passcode is removed.")
        #expect(current.isEmpty)
    }

    @Test func theFlowKeepsItsOwnCopyOfEachEntry() {
        var flow = PasscodeFlow(.set, kind: .fourDigit)
        let typed = bytes("2468")
        _ = flow.submit(typed)
        typed.wipe()
        typed.append("2468".utf8)
        guard case .set(let chosen, _)? = flow.submit(typed) else {
            Issue.record("no SetPasscode request")
            return
        }
        #expect(chosen !== typed)
    }

    @Test func passcodeBytesAreWipedAndEditedByCharacter() {
        let passcode = bytes("secret")
        #expect(passcode.matches(bytes("secret")))
        #expect(!passcode.matches(bytes("secreT")))
        passcode.wipe()
        #expect(passcode.isEmpty && passcode.makeString().isEmpty)
        #expect(passcode.append("é") && passcode.append("1"))
        #expect(passcode.scalarCount == 2 && passcode.count == 3)
        passcode.removeLastScalar()
        passcode.removeLastScalar()
        #expect(passcode.isEmpty)
    }

    @Test func kindsCheckTheirShape() {
        #expect(PasscodeKind.fourDigit.accepts("0123"))
        #expect(!PasscodeKind.fourDigit.accepts("01234"))
        #expect(PasscodeKind.numeric.accepts(String(repeating: "7", count: 32)))
        #expect(!PasscodeKind.numeric.accepts("123"))
        #expect(PasscodeKind.alphanumeric.accepts("correct horse"))
        #expect(!PasscodeKind.alphanumeric.accepts("tab\there"))
        #expect(bytes("tab\there").shapeProblem(for: .alphanumeric) == .controlCharacter)
    }

    private func bytes(_ text: String) -> PasscodeBytes {
        let passcode = PasscodeBytes()
        passcode.append(text.utf8)
        return passcode
    }
}

private extension PasscodeBytes {
    func append(_ bytes: String.UTF8View) {
        for byte in bytes { _ = append(byte) }
    }
}
