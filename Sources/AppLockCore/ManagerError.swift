public import AppLockProtocol

/// A failed Manager call: which ``AgentError`` it is on the bus, and one sentence for people.
public enum ManagerError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidArgument(String)
    case alreadyRegistered
    case notRegistered
    case accessDenied
    case unknownApplication
    case inhibitNotAllowed
    case noPasscode
    case passcodeExists
    case invalidPasscode(String)
    case wrongPasscode(attemptsLeft: UInt32)
    case lockedOut(seconds: UInt64)
    case storeUnavailable(String)
    case limitExceeded(String)
    case attemptInProgress
    case interrupted
    case notAuthorized(String)
    case systemAuthUnavailable(String)
    case passcodeTampered
    case policyFileBroken(String)
    case policyChanged

    /// The error on the bus (`io.github.applock.AppLock1.Error.<name>`).
    public var agentError: AgentError { Self.table(self).error }

    /// One clear sentence for the caller; never contains a passcode.
    public var message: String { Self.table(self).message }

    public var description: String { "\(agentError): \(message)" }

    private static func table(_ error: ManagerError) -> (error: AgentError, message: String) {
        switch error {
        case .invalidArgument(let why): (.invalidArgument, "Invalid argument: \(why).")
        case .alreadyRegistered: (.alreadyRegistered, "The application is already registered by another connection.")
        case .notRegistered: (.notRegistered, "The application is not registered.")
        case .accessDenied: (.accessDenied, "Only the connection that registered the application may do this.")
        case .unknownApplication: (.unknownApplication, "No such application: it is neither registered nor has a passcode.")
        case .inhibitNotAllowed: (.inhibitNotAllowed, "The policy does not allow inhibiting locks for this application.")
        case .noPasscode: (.noPasscode, "The application has no passcode.")
        case .passcodeExists: (.passcodeExists, "The application already has a passcode; use ChangePasscode.")
        case .invalidPasscode(let why): (.invalidPasscode, "The passcode is not acceptable: \(why).")
        case .wrongPasscode(let left):
            (.wrongPasscode, left == 1
                ? "Wrong passcode; 1 attempt left before a lock-out."
                : "Wrong passcode; \(left) attempts left before a lock-out.")
        case .lockedOut(let seconds):
            (.lockedOut, seconds == 1
                ? "Too many failed attempts; try again in 1 second."
                : "Too many failed attempts; try again in \(seconds) seconds.")
        case .storeUnavailable(let why): (.storeUnavailable, "The passcode store is unavailable: \(why).")
        case .limitExceeded(let what): (.limitExceeded, "Limit exceeded: \(what).")
        case .attemptInProgress: (.attemptInProgress, "Another passcode attempt for this application is in progress.")
        case .interrupted:
            (.interrupted, "A lock arrived while the request was being checked; the app stays locked.")
        case .notAuthorized(let why): (.notAuthorized, "Not authorized: \(why).")
        case .systemAuthUnavailable(let why):
            (.systemAuthUnavailable, "System authentication is unavailable: \(why); nothing was unlocked.")
        case .passcodeTampered:
            (.passcodeTampered, "The passcode in the keyring was removed or replaced outside AppLock; the app stays locked "
                + "until the original item is back or the passcode is reset with system authentication.")
        case .policyFileBroken(let why):
            (.policyFileBroken, "A policy file cannot be used, so its last good version stays in force: \(why).")
        case .policyChanged:
            (.policyChanged, "The application's policy files changed while you authenticated; nothing was confirmed.")
        }
    }
}
