public import AppLockCore

/// The client's view of a passcode kind: the core's own type and rules, so that what the client accepts is what the
/// agent accepts (before the app's policy, which only the agent knows).
extension PasscodeKind {
    /// Whether a keypad (digits only) fits this kind.
    public var isNumeric: Bool { self != .alphanumeric }

    /// The exact length of a passcode of this kind, when it has one.
    public var fixedLength: Int? {
        switch self {
        case .fourDigit: 4
        case .sixDigit: 6
        case .numeric, .alphanumeric: nil
        }
    }

    /// Whether `passcode` has the shape of this kind (the agent's policy may still refuse it).
    public func accepts(_ passcode: String) -> Bool {
        (try? PasscodeRules.validateShape(passcode, kind: self)) != nil
    }
}
