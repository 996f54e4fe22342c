import AppLockClient
import AppLockCore
import AppLockSetupHelp
import Translation

/// The one line under the passcode field that tells the user what went wrong or what to wait for. Pure: built
/// from the app's properties, the last answer of the agent and the time.
enum LockNotice: Equatable {
    /// Nothing to say.
    case none
    /// The passcode was wrong; attempts left before a lock-out (nil once lock-outs have started).
    case wrongPasscode(attemptsLeft: UInt32?)
    /// Locked out for this many more seconds.
    case lockedOut(secondsLeft: Int)
    /// The Secret Service is missing or locked.
    case storeUnavailable
    /// The passcode's keyring item was removed or replaced outside AppLock.
    case passcodeTampered
    /// The agent is not on the bus.
    case agentUnavailable
    /// The agent does not know the app (not registered, no passcode).
    case unknownApplication
    /// System authentication was refused or cannot be used.
    case systemAuthenticationFailed(String)
    /// Any other sentence.
    case message(String)

    /// What to show, given what the agent says of the app, the failure of the last attempt (nil when it
    /// succeeded or none was made) and the wall-clock time in µs. A pending lock-out wins over everything else.
    static func current(
        properties update: LockWindowAgentCalls.PropertiesUpdate?, lastFailure: AppLockError?, now: UInt64
    ) -> LockNotice {
        let properties: AppProperties
        switch update {
        case .success(let known)?: properties = known
        case .failure(let error)?: return isUnknownApplication(error) ? .unknownApplication : .agentUnavailable
        case nil: return .agentUnavailable
        }
        let seconds = properties.secondsUntilRetry(nowMicroseconds: now)
        if seconds > 0 { return .lockedOut(secondsLeft: Int(seconds)) }
        guard let lastFailure else { return .none }
        switch lastFailure.agentError {
        case .wrongPasscode?: return .wrongPasscode(attemptsLeft: properties.attemptsLeft)
        case .lockedOut?: return .none
        case .storeUnavailable?: return .storeUnavailable
        case .passcodeTampered?: return .passcodeTampered
        case nil where lastFailure == .agentUnavailable || lastFailure == .noReply: return .agentUnavailable
        default: return .message(lastFailure.description)
        }
    }

    /// Whether `error` says the agent has no object for the app (neither registered nor with a passcode).
    static func isUnknownApplication(_ error: AppLockError) -> Bool {
        switch error {
        case .agent(.unknownApplication, _): true
        case .other(let name, _): name.hasPrefix("org.freedesktop.DBus.Error.Unknown")
        default: false
        }
    }

    /// The sentence shown, nil for nothing.
    var text: String? {
        switch self {
        case .none: nil
        case .wrongPasscode(0?): L("Wrong passcode. Another wrong passcode starts a lock-out.")
        case .wrongPasscode(let left?): N("Wrong passcode. %d attempt left.", "Wrong passcode. %d attempts left.", Int(left))
        case .wrongPasscode(nil): L("Wrong passcode.")
        // TRANSLATORS: %1$s is a duration, "1:30" or "45 seconds".
        case .lockedOut(let seconds): L("Too many failed attempts. Try again in %1$s.", Self.clock(seconds))
        case .storeUnavailable: L("The keyring is locked or unavailable, so the passcode cannot be checked.") + " " + KeyringAdvice.short
        case .passcodeTampered:
            L("The passcode was removed from the keyring or replaced outside AppLock, so the app stays locked.") + " "
                + L("Put the original keyring item back, or reset the passcode with system authentication.")
        case .agentUnavailable: L("The AppLock agent is not running.")
        case .unknownApplication: L("AppLock does not know this app: it is not running and has no passcode.")
        case .systemAuthenticationFailed(let why): why
        case .message(let text): text
        }
    }

    /// What a screen reader says instead of ``text``, nil when it says the same: a lock-out's end as a time of day
    /// (`retryAfter`, Unix µs), which stays put while the countdown shown changes every second.
    func spokenText(retryAfter: UInt64) -> String? {
        guard case .lockedOut = self else { return nil }
        // TRANSLATORS: what a screen reader says during a lock-out; %1$s is the time it ends, "14:03:07".
        return L("Too many failed attempts. Locked out until %1$s.",
                 LocalTime.format(unixSeconds: Int((retryAfter + 999_999) / 1_000_000), .timeOfDay))
    }

    /// Whether a passcode may be typed now.
    var allowsEntry: Bool {
        if case .lockedOut = self { return false }
        return true
    }

    /// `m:ss` for a minute or more, `N seconds` below.
    static func clock(_ seconds: Int) -> String {
        if seconds < 60 { return N("%d second", "%d seconds", seconds) }
        let rest = seconds % 60
        return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
    }
}
