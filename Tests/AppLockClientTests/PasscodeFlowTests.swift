import AppLockClient
import Testing

@Suite struct PasscodeFlowTests {
    @Test func setStartsAtSetPasscode() {
        #expect(PasscodeFlow(.set(.fourDigit)).step == .setPasscode)
    }
}
