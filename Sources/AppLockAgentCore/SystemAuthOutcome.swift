/// What polkit answered to a system authentication, as the agent's I/O layer reports it to the core.
public enum SystemAuthOutcome: Equatable, Sendable {
    /// `CheckAuthorization` said authorized.
    case authorized
    /// Not authorized: a wrong password, the dialog dismissed, or the caller could not be identified; the reason.
    case notAuthorized(String)
    /// No polkit answered (no system bus, no polkit on it, no answer in time); the reason.
    case unavailable(String)
}
