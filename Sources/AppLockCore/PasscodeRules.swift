/// SPEC's passcode rules per kind, plus the policy's `PasscodeKinds` and `MinimumLength`.
public enum PasscodeRules {
    /// Longest alphanumeric passcode in bytes.
    public static let maximumPasscodeBytes = Limits.maxPasscodeBytes
    /// Longest numeric passcode in digits.
    public static let maximumNumericDigits = Limits.maxNumericPasscodeDigits
    /// Shortest numeric or alphanumeric passcode.
    public static let minimumLength = Limits.minPasscodeLength

    /// Throws when `passcode` does not fit `kind` or `policy`. Length is counted in characters for the
    /// minimum and in bytes for the alphanumeric maximum.
    public static func validate(_ passcode: String, kind: PasscodeKind, policy: Policy) throws(PasscodeRuleError) {
        guard policy.passcodeKinds.contains(kind) else { throw .kindNotAllowed(kind) }
        try validateShape(passcode, kind: kind, minimumLength: Int(policy.minimumLength))
    }

    /// Throws when `passcode` does not fit `kind` itself (digits, lengths, no control or invisible characters) or is
    /// shorter than `minimumLength`; what a client can check before it knows the app's policy.
    public static func validateShape(_ passcode: String, kind: PasscodeKind, minimumLength policyMinimum: Int = 0)
        throws(PasscodeRuleError)
    {
        if passcode.isEmpty { throw .empty }
        let byteCount = passcode.utf8.count
        switch kind {
        case .fourDigit, .sixDigit, .numeric:
            guard passcode.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                throw .notDigits(kind)
            }
            if kind == .fourDigit, byteCount != 4 { throw .wrongLength(kind, expected: 4) }
            if kind == .sixDigit, byteCount != 6 { throw .wrongLength(kind, expected: 6) }
            if kind == .numeric {
                if byteCount < minimumLength { throw .tooShort(minimum: minimumLength) }
                if byteCount > maximumNumericDigits { throw .tooLong(maximum: maximumNumericDigits, unit: "digits") }
            }
            if byteCount < policyMinimum { throw .tooShort(minimum: policyMinimum) }
        case .alphanumeric:
            if passcode.unicodeScalars.contains(where: { Self.isControl($0) }) { throw .controlCharacter }
            if byteCount > maximumPasscodeBytes { throw .tooLong(maximum: maximumPasscodeBytes, unit: "bytes") }
            let length = passcode.count
            let required = max(minimumLength, policyMinimum)
            if length < required { throw .tooShort(minimum: required) }
        }
    }

    /// Control characters, line and paragraph separators, and invisible format characters (bidi overrides,
    /// zero-width spaces) other than the joiners that emoji sequences need.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate: true
        case .format: scalar != "\u{200C}" && scalar != "\u{200D}"
        default: false
        }
    }
}
