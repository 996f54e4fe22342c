/// The kinds of passcode SPEC allows.
public enum PasscodeKind: String, Sendable, CaseIterable, Comparable {
    case fourDigit = "four-digit"
    case sixDigit = "six-digit"
    case numeric
    case alphanumeric

    public static func < (lhs: PasscodeKind, rhs: PasscodeKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
