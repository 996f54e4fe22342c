import AppLockCore
import DBusKit

/// Turns a D-Bus error reply into the sentence and exit status the user sees.
enum ErrorTranslator {
    /// `app` is the application the call was about, if any, so that messages can name it.
    static func failure(for error: DBusError, app: String?) -> CommandFailure {
        let remote = error.message.trimmingSpaces
        func sentence(_ fallback: String) -> String {
            remote.isEmpty ? fallback : remote
        }
        let subject = app ?? "the application"
        if error.name.hasPrefix(AppLockBusNames.errorPrefix) {
            let name = String(error.name.dropFirst(AppLockBusNames.errorPrefix.count))
            switch name {
            case "UnknownApplication":
                return CommandFailure(.unknownApplication, "No such application: \(subject) is neither registered nor has a passcode.")
            case "WrongPasscode":
                return CommandFailure(.wrongPasscode, sentence("Wrong passcode."))
            case "LockedOut":
                return CommandFailure(.lockedOut, sentence("Too many failed attempts; try again later."))
            case "NoPasscode":
                return CommandFailure(.noPasscode, "\(subject.capitalizedFirst) has no passcode.")
            case "PasscodeExists":
                return CommandFailure(.passcodeExists, "\(subject.capitalizedFirst) already has a passcode; use change-passcode.")
            case "InvalidPasscode":
                return CommandFailure(.invalidPasscode, sentence("The passcode is not acceptable."))
            case "StoreUnavailable":
                return CommandFailure(.storeUnavailable, sentence("The passcode store (Secret Service) is unavailable."))
            case "AccessDenied", "NotRegistered", "AlreadyRegistered", "InhibitNotAllowed":
                return CommandFailure(.notAllowed, sentence("The agent does not allow this."))
            case "InvalidArgument":
                return CommandFailure(.invalidArgument, sentence("The agent refused an argument."))
            case "NotAuthorized":
                return CommandFailure(.notAuthorized, sentence("Not authorized."))
            case "SystemAuthUnavailable":
                return CommandFailure(.systemAuthUnavailable, sentence("System authentication is unavailable."))
            case "AttemptInProgress", "LimitExceeded":
                return CommandFailure(.busy, sentence("The agent is busy; try again."))
            default:
                return CommandFailure(.failure, sentence("applockd answered with the error \(name)."))
            }
        }
        switch error.name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return CommandFailure(.agentNotRunning, "applockd is not running and D-Bus could not start it.")
        case let name where name.hasPrefix("org.freedesktop.DBus.Error.Spawn."):
            return CommandFailure(.agentNotRunning, "applockd is not running and D-Bus could not start it (\(remote)).")
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout",
             "org.freedesktop.DBus.Error.TimedOut":
            return CommandFailure(.noReply, "applockd did not answer in time.")
        case "org.freedesktop.DBus.Error.UnknownObject":
            return CommandFailure(.unknownApplication, "No such application: \(subject) is neither registered nor has a passcode.")
        case "org.freedesktop.DBus.Error.InvalidArgs":
            return CommandFailure(.invalidArgument, sentence("The agent refused an argument."))
        case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
             "org.freedesktop.DBus.Error.UnknownProperty":
            return CommandFailure(.failure, "applockd does not support this request; it may be an older version (\(remote)).")
        case "org.freedesktop.DBus.Error.AccessDenied":
            return CommandFailure(.notAllowed, sentence("The bus does not allow this."))
        case "org.freedesktop.DBus.Error.Disconnected", "org.freedesktop.DBus.Error.NoServer",
             "org.freedesktop.DBus.Error.NoNetwork":
            return CommandFailure(.noSessionBus, "Lost the connection to the D-Bus session bus.")
        default:
            return CommandFailure(.failure, remote.isEmpty ? "D-Bus error \(error.name)." : "\(remote) (\(error.name))")
        }
    }
}
