import AppLockClient
import AppLockProtocol

/// Turns an ``AppLockError`` into the sentence and exit status the user sees. Attempts left and the time to wait
/// come from the app's properties, never from the agent's message.
enum ErrorTranslator {
    /// `app` is the application the call was about, if any, so that messages can name it; `properties` reads its
    /// properties after a wrong passcode or a lock-out.
    static func failure(
        for error: AppLockError, app: AppID?, properties: (AppID) -> AppProperties? = { _ in nil }
    ) -> CommandFailure {
        let subject = app?.rawValue ?? "the application"
        switch error {
        case .agent(let agentError, let message):
            return failure(for: agentError, message: message, subject: subject, properties: app.flatMap(properties))
        case .agentUnavailable:
            return CommandFailure(.agentNotRunning, "applockd is not running and D-Bus could not start it.")
        case .noReply:
            return CommandFailure(.noReply, "applockd did not answer in time.")
        case .closed:
            return CommandFailure(.noSessionBus, "Lost the connection to the D-Bus session bus.")
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
            return CommandFailure(.unknownApplication, "No such application: \(subject) is neither registered nor has a passcode.")
        case .wrongPasscode:
            guard let left = properties?.attemptsLeft else { return CommandFailure(.wrongPasscode, "Wrong passcode.") }
            return CommandFailure(.wrongPasscode, left == 1
                ? "Wrong passcode; 1 attempt left before a lock-out."
                : "Wrong passcode; \(left) attempts left before a lock-out.")
        case .lockedOut:
            guard let seconds = properties?.secondsUntilRetry(), seconds > 0 else {
                return CommandFailure(.lockedOut, "Too many failed attempts; try again later.")
            }
            return CommandFailure(.lockedOut, seconds == 1
                ? "Too many failed attempts; try again in 1 second."
                : "Too many failed attempts; try again in \(seconds) seconds.")
        case .noPasscode:
            return CommandFailure(.noPasscode, "\(subject.capitalizedFirst) has no passcode.")
        case .passcodeExists:
            return CommandFailure(.passcodeExists, "\(subject.capitalizedFirst) already has a passcode; use change-passcode.")
        case .invalidPasscode:
            return CommandFailure(.invalidPasscode, sentence("The passcode is not acceptable."))
        case .storeUnavailable:
            return CommandFailure(
                .storeUnavailable, sentence("The passcode store (Secret Service) is unavailable.") + " " + KeyringAdvice.sentence)
        case .accessDenied, .notRegistered, .alreadyRegistered, .inhibitNotAllowed:
            return CommandFailure(.notAllowed, sentence("The agent does not allow this."))
        case .invalidArgument:
            return CommandFailure(.invalidArgument, sentence("The agent refused an argument."))
        case .attemptInProgress, .limitExceeded:
            return CommandFailure(.busy, sentence("The agent is busy; try again."))
        case .notAuthorized:
            return CommandFailure(.notAuthorized, sentence("Not authorized."))
        case .systemAuthUnavailable:
            return CommandFailure(.systemAuthUnavailable, sentence("System authentication is unavailable."))
        case .passcodeTampered:
            return CommandFailure(.passcodeTampered, "The passcode of \(subject) was removed from the keyring or replaced "
                + "outside AppLock; it stays locked. Put the original keyring item back, or run "
                + "`applockctl reset-passcode` (system authentication).")
        case .policyFileBroken:
            return CommandFailure(.invalidArgument, sentence("A policy file cannot be used; its last good version stays."))
        case .policyChanged:
            return CommandFailure(.policyChanged, "The policy files of \(subject) changed while you authenticated, so "
                + "nothing was confirmed; run `applockctl policy confirm` again to confirm what they ask now.")
        case .interrupted:
            return CommandFailure(.failure, sentence("A lock arrived while the passcode was checked; \(subject) stays locked."))
        }
    }

    /// The bus's own errors.
    private static func otherFailure(name: String, message remote: String) -> CommandFailure {
        func sentence(_ fallback: String) -> String { remote.isEmpty ? fallback : remote }
        switch name {
        case "org.freedesktop.DBus.Error.InvalidArgs":
            return CommandFailure(.invalidArgument, sentence("The agent refused an argument."))
        case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
             "org.freedesktop.DBus.Error.UnknownProperty":
            return CommandFailure(.failure, "applockd does not support this request; it may be an older version (\(remote)).")
        case "org.freedesktop.DBus.Error.AccessDenied":
            return CommandFailure(.notAllowed, sentence("The bus does not allow this."))
        default:
            return CommandFailure(.failure, remote.isEmpty ? "D-Bus error \(name)." : "\(remote) (\(name))")
        }
    }
}
