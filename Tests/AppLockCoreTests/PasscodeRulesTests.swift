import Testing
@testable import AppLockCore

@Suite struct PasscodeRulesTests {
    let policy = Policy.defaults

    @Test(arguments: [
        ("1234", PasscodeKind.fourDigit), ("000000", .sixDigit), ("1234", .numeric),
        (String(repeating: "9", count: 32), .numeric), ("abcd", .alphanumeric), ("pass word ü!", .alphanumeric),
        (String(repeating: "x", count: 128), .alphanumeric), ("日本語の", .alphanumeric), ("👩\u{200D}💻abc", .alphanumeric),
    ])
    func acceptsPasscodesThatFitTheirKind(_ passcode: String, _ kind: PasscodeKind) throws {
        try PasscodeRules.validate(passcode, kind: kind, policy: policy)
    }

    @Test(arguments: [
        ("123", PasscodeKind.fourDigit, PasscodeRuleError.wrongLength(.fourDigit, expected: 4)),
        ("12345", .fourDigit, .wrongLength(.fourDigit, expected: 4)),
        ("12a4", .fourDigit, .notDigits(.fourDigit)),
        ("１２３４", .fourDigit, .notDigits(.fourDigit)),
        ("12345", .sixDigit, .wrongLength(.sixDigit, expected: 6)),
        ("123", .numeric, .tooShort(minimum: 4)),
        (String(repeating: "1", count: 33), .numeric, .tooLong(maximum: 32, unit: "digits")),
        ("abc", .alphanumeric, .tooShort(minimum: 4)),
        (String(repeating: "x", count: 129), .alphanumeric, .tooLong(maximum: 128, unit: "bytes")),
        ("abc\u{7}d", .alphanumeric, .controlCharacter),
        ("abcd\n", .alphanumeric, .controlCharacter),
        ("ab\u{202E}cd", .alphanumeric, .controlCharacter),
        ("ab\u{0}cd", .alphanumeric, .controlCharacter),
        ("", .alphanumeric, .empty),
    ])
    func rejectsPasscodesThatDoNotFit(_ passcode: String, _ kind: PasscodeKind, _ expected: PasscodeRuleError) {
        #expect(throws: expected) { try PasscodeRules.validate(passcode, kind: kind, policy: policy) }
    }

    @Test func policyLimitsKindsAndLength() {
        var p = Policy.defaults
        p.passcodeKinds = [.alphanumeric]
        p.minimumLength = 8
        #expect(throws: PasscodeRuleError.kindNotAllowed(.fourDigit)) { try PasscodeRules.validate("1234", kind: .fourDigit, policy: p) }
        #expect(throws: PasscodeRuleError.tooShort(minimum: 8)) { try PasscodeRules.validate("abcdefg", kind: .alphanumeric, policy: p) }
        p.passcodeKinds = PasscodeKind.allCases
        p.minimumLength = 6
        #expect(throws: PasscodeRuleError.tooShort(minimum: 6)) { try PasscodeRules.validate("1234", kind: .fourDigit, policy: p) }
        #expect(throws: Never.self) { try PasscodeRules.validate("123456", kind: .sixDigit, policy: p) }
    }

    @Test func messagesNeverContainThePasscode() {
        let secret = "s3cr3t\u{1}"
        do {
            try PasscodeRules.validate(secret, kind: .alphanumeric, policy: policy)
            Issue.record("expected an error")
        } catch {
            #expect(!error.description.contains("s3cr3t"))
            #expect(!ManagerError.invalidPasscode(error.description).message.contains("s3cr3t"))
        }
    }
}
