/// What verifying a passcode against the stored hash found.
public enum AttemptOutcome: Equatable, Sendable {
    case verified
    case wrong
    /// The store could not be read; counts as neither success nor failure.
    case storeUnavailable
}
