/// A failed Manager call; one table maps each case to its D-Bus error name and message.
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
    case notAuthorized(String)
    case systemAuthUnavailable(String)
    case interrupted

    /// The error-name prefix every `dbusName` goes under.
    public static let dbusPrefix = AppLockBusNames.errorPrefix

    /// The suffix after `io.github.applock.AppLock1.Error.`, e.g. `AlreadyRegistered`.
    public var dbusName: String { Self.table(self).name }

    /// The full D-Bus error name.
    public var fullDBusName: String { Self.dbusPrefix + dbusName }

    /// One clear sentence for the caller; never contains a passcode.
    public var message: String { Self.table(self).message }

    public var description: String { "\(dbusName): \(message)" }

    private static func table(_ error: ManagerError) -> (name: String, message: String) {
        switch error {
        case .invalidArgument(let why): ("InvalidArgument", "Invalid argument: \(why).")
        case .alreadyRegistered: ("AlreadyRegistered", "The application is already registered by another connection.")
        case .notRegistered: ("NotRegistered", "The application is not registered.")
        case .accessDenied: ("AccessDenied", "Only the connection that registered the application may do this.")
        case .unknownApplication: ("UnknownApplication", "No such application: it is neither registered nor has a passcode.")
        case .inhibitNotAllowed: ("InhibitNotAllowed", "The policy does not allow inhibiting locks for this application.")
        case .noPasscode: ("NoPasscode", "The application has no passcode.")
        case .passcodeExists: ("PasscodeExists", "The application already has a passcode; use ChangePasscode.")
        case .invalidPasscode(let why): ("InvalidPasscode", "The passcode is not acceptable: \(why).")
        case .wrongPasscode(let left):
            ("WrongPasscode", left == 1
                ? "Wrong passcode; 1 attempt left before a lock-out."
                : "Wrong passcode; \(left) attempts left before a lock-out.")
        case .lockedOut(let seconds):
            ("LockedOut", seconds == 1
                ? "Too many failed attempts; try again in 1 second."
                : "Too many failed attempts; try again in \(seconds) seconds.")
        case .storeUnavailable(let why): ("StoreUnavailable", "The passcode store is unavailable: \(why).")
        case .limitExceeded(let what): ("LimitExceeded", "Limit exceeded: \(what).")
        case .attemptInProgress: ("AttemptInProgress", "Another passcode attempt for this application is in progress.")
        case .notAuthorized(let why): ("NotAuthorized", "Not authorized: \(why).")
        case .systemAuthUnavailable(let why): ("SystemAuthUnavailable", "System authentication is unavailable: \(why); nothing was unlocked.")
        case .interrupted: ("Interrupted", "A lock arrived while the request was being checked; the app stays locked.")
        }
    }
}
