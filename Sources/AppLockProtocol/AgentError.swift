/// Every error the agent answers with, spelled once: the raw value is the last element of the D-Bus error name
/// (`io.github.applock.AppLock1.Error.<rawValue>`). A program reads attempts left and retry times from the app's
/// properties (`FailedAttempts`, `RetryAfter`, `Policy`), never from an error's message.
public enum AgentError: String, Error, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    /// A malformed argument (app id, activity, kind, inhibit reason or cookie).
    case invalidArgument = "InvalidArgument"
    /// Another live connection has registered the app.
    case alreadyRegistered = "AlreadyRegistered"
    /// The app is not registered.
    case notRegistered = "NotRegistered"
    /// Only the connection that registered the app may do this.
    case accessDenied = "AccessDenied"
    /// The app is neither registered nor has a stored passcode.
    case unknownApplication = "UnknownApplication"
    /// The policy does not allow inhibiting locks of this app.
    case inhibitNotAllowed = "InhibitNotAllowed"
    /// The app has no passcode.
    case noPasscode = "NoPasscode"
    /// The app already has a passcode (change it instead).
    case passcodeExists = "PasscodeExists"
    /// The new passcode does not fit its kind or the policy.
    case invalidPasscode = "InvalidPasscode"
    /// The passcode is wrong; `FailedAttempts` and the policy's `MaxFailedAttempts` say how many attempts are left.
    case wrongPasscode = "WrongPasscode"
    /// Too many failed attempts; `RetryAfter` says when the next one is allowed.
    case lockedOut = "LockedOut"
    /// The Secret Service is missing or locked; nothing unlocked.
    case storeUnavailable = "StoreUnavailable"
    /// A documented limit was reached (apps per connection, inhibitors per app, passcode calls waiting).
    case limitExceeded = "LimitExceeded"
    /// Another passcode attempt for this app is being verified.
    case attemptInProgress = "AttemptInProgress"
    /// A lock arrived while the passcode was being verified (or polkit was asking): the app stays locked.
    case interrupted = "Interrupted"
    /// System authentication was refused or dismissed, or the policy does not allow it; nothing changed.
    case notAuthorized = "NotAuthorized"
    /// No polkit answered (no system bus, none on it, no answer in time); nothing unlocked.
    case systemAuthUnavailable = "SystemAuthUnavailable"
    /// The app's keyring item was removed, or replaced by one AppLock did not store: the app stays locked until the
    /// original item is put back or `ResetPasscode` (system authentication) clears it.
    case passcodeTampered = "PasscodeTampered"
    /// A policy file does not parse or cannot be read (the message names the file, line and key): its last good
    /// version stays in force; the other files were read and applied.
    case policyFileBroken = "PolicyFileBroken"
    /// The policy files of the app changed while the user authenticated a held change
    /// (`ConfirmPolicyWithSystemAuthentication`): nothing was confirmed, since the user did not see the new change.
    case policyChanged = "PolicyChanged"

    /// The prefix of every AppLock error name.
    public static let prefix = AppLockBusNames.errorPrefix

    /// The full D-Bus error name, `io.github.applock.AppLock1.Error.WrongPasscode`.
    public var dbusName: String { Self.prefix + rawValue }

    /// The error a D-Bus error name stands for; nil for any name that is not one of AppLock's.
    public init?(dbusName: String) {
        guard dbusName.hasPrefix(Self.prefix) else { return nil }
        self.init(rawValue: String(dbusName.dropFirst(Self.prefix.count)))
    }

    public var description: String { rawValue }
}
