import AppLockCore
import DBusKit

/// A failed request to the agent, typed from its `io.github.applock.AppLock1.Error.*` replies.
public enum AppLockError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The passcode was wrong; `attemptsLeft` before a lock-out starts, when the agent said.
    case wrongPasscode(attemptsLeft: Int?)
    /// Too many failed attempts; try again in `seconds`, when the agent said.
    case lockedOut(seconds: Int?)
    /// The application has no passcode.
    case noPasscode
    /// The application already has a passcode (use change instead of set).
    case passcodeExists
    /// The passcode does not fit its kind or the policy; the agent's sentence.
    case invalidPasscode(String)
    /// The Secret Service is missing or locked: nothing unlocks.
    case storeUnavailable
    /// The app id (or another argument) is malformed; the reason.
    case invalidArgument(String)
    /// Another live connection has registered this app id.
    case alreadyRegistered
    /// The app is not registered (yet, or any more).
    case notRegistered
    /// Only the registering connection may do this.
    case accessDenied
    /// The agent does not know the app.
    case unknownApplication
    /// The policy does not allow `shouldLock` vetoes.
    case inhibitNotAllowed
    /// A limit of the agent was reached.
    case limitExceeded
    /// Another passcode attempt for this app is being verified.
    case attemptInProgress
    /// System authentication was refused or dismissed, or the policy does not allow it; the agent's sentence.
    case notAuthorized(String)
    /// No polkit answered (no system bus, none on it, no answer in time); nothing was unlocked.
    case systemAuthUnavailable
    /// A lock arrived while the request was being checked; the app stays locked.
    case interrupted
    /// The agent is not on the bus, or the bus cannot be reached.
    case agentUnavailable
    /// The session was closed.
    case closed
    /// Any other error: its D-Bus name and message.
    case other(name: String, message: String)

    public var description: String {
        switch self {
        case .wrongPasscode(let left?): left == 1 ? "Wrong passcode; 1 attempt left." : "Wrong passcode; \(left) attempts left."
        case .wrongPasscode(nil): "Wrong passcode."
        case .lockedOut(let seconds?): "Too many failed attempts; try again in \(seconds) s."
        case .lockedOut(nil): "Too many failed attempts; try again later."
        case .noPasscode: "The application has no passcode."
        case .passcodeExists: "The application already has a passcode."
        case .invalidPasscode(let why): why
        case .storeUnavailable: "The passcode store is unavailable."
        case .invalidArgument(let why): why
        case .alreadyRegistered: "Another instance of the application is already registered."
        case .notRegistered: "The application is not registered with the AppLock agent."
        case .accessDenied: "Access denied."
        case .unknownApplication: "The AppLock agent does not know the application."
        case .inhibitNotAllowed: "The policy does not allow keeping the application unlocked."
        case .limitExceeded: "A limit of the AppLock agent was reached."
        case .attemptInProgress: "Another passcode attempt is in progress."
        case .notAuthorized(let why): why
        case .systemAuthUnavailable: "System authentication is unavailable."
        case .interrupted: "A lock arrived meanwhile; the application stays locked."
        case .agentUnavailable: "The AppLock agent is not running."
        case .closed: "The AppLock session is closed."
        case .other(let name, let message): message.isEmpty ? name : "\(name): \(message)"
        }
    }

    /// Maps an error reply (or a failure to reach the bus) onto a case.
    init(_ error: DBusError) {
        let name = error.name
        guard name.hasPrefix(AppLockBusNames.errorPrefix) else {
            switch name {
            case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
                 "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Disconnected",
                 "org.freedesktop.DBus.Error.NoServer", "org.freedesktop.DBus.Error.Spawn.ServiceNotFound",
                 "org.freedesktop.DBus.Error.Spawn.ChildExited", "org.freedesktop.DBus.Error.Timeout",
                 "org.freedesktop.DBus.Error.TimedOut":
                self = .agentUnavailable
            default:
                self = .other(name: name, message: error.message)
            }
            return
        }
        let number = Self.firstNumber(in: error.message)
        switch name.dropFirst(AppLockBusNames.errorPrefix.count) {
        case "WrongPasscode": self = .wrongPasscode(attemptsLeft: number)
        case "LockedOut": self = .lockedOut(seconds: number)
        case "NoPasscode": self = .noPasscode
        case "PasscodeExists": self = .passcodeExists
        case "InvalidPasscode": self = .invalidPasscode(error.message)
        case "StoreUnavailable": self = .storeUnavailable
        case "InvalidArgument": self = .invalidArgument(error.message)
        case "AlreadyRegistered": self = .alreadyRegistered
        case "NotRegistered": self = .notRegistered
        case "AccessDenied": self = .accessDenied
        case "UnknownApplication": self = .unknownApplication
        case "InhibitNotAllowed": self = .inhibitNotAllowed
        case "LimitExceeded": self = .limitExceeded
        case "AttemptInProgress": self = .attemptInProgress
        case "NotAuthorized": self = .notAuthorized(error.message)
        case "SystemAuthUnavailable": self = .systemAuthUnavailable
        case "Interrupted": self = .interrupted
        default: self = .other(name: name, message: error.message)
        }
    }

    /// The first run of ASCII digits in `text` ("…; 3 attempts left…" → 3).
    static func firstNumber(in text: String) -> Int? {
        var digits = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.numericType == .decimal, scalar.isASCII {
                digits.unicodeScalars.append(scalar)
            } else if !digits.isEmpty {
                break
            }
        }
        return Int(digits)
    }
}
