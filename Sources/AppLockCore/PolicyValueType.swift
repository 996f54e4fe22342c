/// How a policy key's value is spelt in a keyfile, and so how it is read.
public enum PolicyValueType: Equatable, Sendable {
    /// `true` or `false`.
    case bool
    /// A whole number (within the key's range).
    case uint32
    /// One or more whole numbers, comma- or semicolon-separated.
    case uint32List
    /// One or more passcode kinds (`four-digit`, …); repeats are dropped.
    case passcodeKinds
    /// `minimised` (or `minimized`) or `unfocused`.
    case backgroundRule
    /// `off`, `obscure` or `lock`.
    case screenShareRule
    /// A list of app ids, possibly empty; repeats are dropped.
    case appIDs
}
