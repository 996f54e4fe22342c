extension PasscodeKind {
    /// The kind's name as people read it (the set-up window's choices, Settings' passcode row), marked with `N_`: the
    /// programs that show it translate it (`translated(kind.label)`).
    public var label: String {
        switch self {
        case .fourDigit: N_("4 Digits")
        case .sixDigit: N_("6 Digits")
        // TRANSLATORS: a passcode kind: digits only, of any length.
        case .numeric: N_("Numeric")
        // TRANSLATORS: a passcode kind: any characters, as a password.
        case .alphanumeric: N_("Password")
        }
    }
}
