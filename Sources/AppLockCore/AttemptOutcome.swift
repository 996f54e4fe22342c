/// What verifying a passcode against the stored hash found.
public enum AttemptOutcome: Equatable, Sendable {
    case verified
    case wrong
    /// The store could not be read; counts as neither success nor failure.
    case storeUnavailable
    /// The store has no passcode for the app any more (deleted behind the agent's back): the store is the truth,
    /// the app loses its passcode, and the caller hears `NoPasscode`.
    case passcodeMissing
}
