/// What verifying a passcode against the stored hash found.
public enum AttemptOutcome: Equatable, Sendable {
    case verified
    case wrong
    /// The store could not be read; counts as neither success nor failure.
    case storeUnavailable
    /// The store has no passcode for the app any more, or one whose hash is not the one AppLock stored (deleted or
    /// replaced behind the agent's back, see ``PasscodeRecords``): the app keeps its passcode in the agent's eyes and
    /// stays locked, and the caller hears `PasscodeTampered`.
    case passcodeTampered
}
