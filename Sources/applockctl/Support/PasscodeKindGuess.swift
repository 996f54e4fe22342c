import AppLockCore

/// The kind `set-passcode` and `change-passcode` use when `--kind` is not given: four or six digits are
/// `four-digit` / `six-digit`, other all-digit passcodes `numeric`, anything else `alphanumeric`.
enum PasscodeKindGuess {
    static func kind(for passcode: String) -> PasscodeKind {
        let digitsOnly = !passcode.isEmpty && passcode.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard digitsOnly else { return .alphanumeric }
        switch passcode.utf8.count {
        case 4: return .fourDigit
        case 6: return .sixDigit
        default: return .numeric
        }
    }
}
