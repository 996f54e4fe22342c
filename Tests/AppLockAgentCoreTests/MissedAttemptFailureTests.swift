import AppLockAgentCore
import AppLockCore
import Testing

@Suite struct MissedAttemptFailureTests {
    @Test func aPasscodeFailureNamesWhetherItStartedALockOut() {
        #expect(MissedAttempt(time: t(1), passcodeFailure: .wrongPasscode(attemptsLeft: 2)).outcome == .wrongPasscode)
        #expect(MissedAttempt(time: t(1), passcodeFailure: .lockedOut(until: t(61), seconds: 60)).outcome == .lockedOut)
    }
}
