import AppLockClient
import AppLockProtocol
import AppLockSetupHelp
import Translation

/// Turns an ``AppLockError`` into the sentence and exit status the user sees. Attempts left and the time to wait
/// come from the app's properties, never from the agent's message.
enum ErrorTranslator {
    /// `app` is the application the call was about, if any, so that messages can name it; `properties` reads its
    /// properties after a wrong passcode or a lock-out.
    static func failure(
        for error: AppLockError, app: AppID?, properties: (AppID) -> AppProperties? = { _ in nil }
    ) -> CommandFailure {
        let subject = app?.rawValue ?? L("the application")
        switch error {
        case .agent(let agentError, let message):
            return failure(for: agentError, message: message, subject: subject, properties: app.flatMap(properties))
        case .agentUnavailable:
            return CommandFailure(.agentNotRunning, L("applockd is not running and D-Bus could not start it."))
        case .noReply:
            return CommandFailure(.noReply, L("applockd did not answer in time."))
        case .closed:
            return CommandFailure(.noSessionBus, L("Lost the connection to the D-Bus session bus."))
        case .other(let name, let message):
            return otherFailure(name: name, message: message.trimmingSpaces)
        }
    }

    private static func failure(
        for error: AgentError, message: String, subject: String, properties: AppProperties?
    ) -> CommandFailure {
        let remote = message.trimmingSpaces
        func sentence(_ fallback: String) -> String { remote.isEmpty ? fallback : remote }
        switch error {
        case .unknownApplication:
            return CommandFailure(.unknownApplication, L("No such application: %1$s is neither registered nor has a passcode.", subject))
        case .wrongPasscode:
            guard let left = properties?.attemptsLeft else { return CommandFailure(.wrongPasscode, L("Wrong passcode.")) }
            return CommandFailure(.wrongPasscode, N("Wrong passcode; %d attempt left before a lock-out.", "Wrong passcode; %d attempts left before a lock-out.", Int(left)))
        case .lockedOut:
            guard let seconds = properties?.secondsUntilRetry(), seconds > 0 else {
                return CommandFailure(.lockedOut, L("Too many failed attempts; try again later."))
            }
            return CommandFailure(.lockedOut, N("Too many failed attempts; try again in %d second.", "Too many failed attempts; try again in %d seconds.", Int(seconds)))
        case .noPasscode:
            return CommandFailure(.noPasscode, L("%1$s has no passcode.", subject.capitalizedFirst))
        case .passcodeExists:
            return CommandFailure(.passcodeExists, L("%1$s already has a passcode; use change-passcode.", subject.capitalizedFirst))
        case .invalidPasscode:
            return CommandFailure(.invalidPasscode, sentence(L("The passcode is not acceptable.")))
        case .storeUnavailable:
            return CommandFailure(
                .storeUnavailable, sentence(L("The passcode store (Secret Service) is unavailable.")) + " " + KeyringAdvice.sentence)
        case .accessDenied, .notRegistered, .alreadyRegistered, .inhibitNotAllowed:
            return CommandFailure(.notAllowed, sentence(L("The agent does not allow this.")))
        case .invalidArgument:
            return CommandFailure(.invalidArgument, sentence(L("The agent refused an argument.")))
        case .attemptInProgress, .limitExceeded:
            return CommandFailure(.busy, sentence(L("The agent is busy; try again.")))
        case .notAuthorized:
            return CommandFailure(.notAuthorized, sentence(L("Not authorized.")))
        case .systemAuthUnavailable:
            return CommandFailure(.systemAuthUnavailable, sentence(L("System authentication is unavailable.")))
        case .passcodeTampered:
            return CommandFailure(.passcodeTampered, L("The passcode of %1$s was removed from the keyring or replaced outside AppLock; it stays locked.", subject)
                + " " + L("Put the original keyring item back, or run `applockctl reset-passcode` (system authentication)."))
        case .policyFileBroken:
            return CommandFailure(.invalidArgument, sentence(L("A policy file cannot be used; its last good version stays.")))
        case .policyChanged:
            return CommandFailure(.policyChanged, L("The policy files of %1$s changed while you authenticated, so nothing was confirmed.", subject)
                + " " + L("Run `applockctl policy confirm` again to confirm what they ask now."))
        case .interrupted:
            return CommandFailure(.failure, sentence(L("A lock arrived while the passcode was checked; %1$s stays locked.", subject)))
        }
    }

    /// The bus's own errors.
    private static func otherFailure(name: String, message remote: String) -> CommandFailure {
        func sentence(_ fallback: String) -> String { remote.isEmpty ? fallback : remote }
        switch name {
        case "org.freedesktop.DBus.Error.InvalidArgs":
            return CommandFailure(.invalidArgument, sentence(L("The agent refused an argument.")))
        case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
             "org.freedesktop.DBus.Error.UnknownProperty":
            return CommandFailure(.failure, L("applockd does not support this request; it may be an older version (%1$s).", remote))
        case "org.freedesktop.DBus.Error.AccessDenied":
            return CommandFailure(.notAllowed, sentence(L("The bus does not allow this.")))
        default:
            return CommandFailure(.failure, remote.isEmpty ? L("D-Bus error %1$s.", name) : "\(remote) (\(name))")
        }
    }
}
