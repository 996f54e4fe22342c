/// The methods of `io.github.applock.AppLock1.Manager`. The raw value is the D-Bus member name; ``contract``
/// holds the signature and the errors. Adding a method is one case here, one entry in ``contract``, and its
/// `<method>` in `dbus/io.github.applock.AppLock1.Manager.xml` (a test holds the two equal).
public enum ManagerMethod: String, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    case registerApplication = "RegisterApplication"
    case unregisterApplication = "UnregisterApplication"
    case getApplication = "GetApplication"
    case listApplications = "ListApplications"
    case lock = "Lock"
    case lockAll = "LockAll"
    case unlock = "Unlock"
    case setPasscode = "SetPasscode"
    case changePasscode = "ChangePasscode"
    case removePasscode = "RemovePasscode"
    case setSharedPasscode = "SetSharedPasscode"
    case changeSharedPasscode = "ChangeSharedPasscode"
    case removeSharedPasscode = "RemoveSharedPasscode"
    case useSharedPasscode = "UseSharedPasscode"
    case switchToSharedPasscode = "SwitchToSharedPasscode"
    case reportActivity = "ReportActivity"
    case inhibit = "Inhibit"
    case uninhibit = "Uninhibit"
    case getRecentEvents = "GetRecentEvents"
    case unlockWithSystemAuthentication = "UnlockWithSystemAuthentication"
    case resetPasscode = "ResetPasscode"
    case getSystemAuthentication = "GetSystemAuthentication"
    case confirmPolicy = "ConfirmPolicy"
    case confirmPolicyWithSystemAuthentication = "ConfirmPolicyWithSystemAuthentication"
    case getHeldPolicyChanges = "GetHeldPolicyChanges"
    case getMissedAttempts = "GetMissedAttempts"
    case reloadPolicy = "ReloadPolicy"
    case reportScreenShare = "ReportScreenShare"

    /// The D-Bus member name.
    public var name: String { rawValue }

    public var description: String { rawValue }

    /// Whether the call carries a passcode that must be verified or hashed (Argon2id and the Secret Service):
    /// such calls are bounded per app and per connection (``Limits``) and refused with `LimitExceeded` beyond.
    public var carriesPasscode: Bool {
        switch self {
        case .unlock, .setPasscode, .changePasscode, .removePasscode, .confirmPolicy, .setSharedPasscode,
             .changeSharedPasscode, .removeSharedPasscode, .switchToSharedPasscode: true
        default: false
        }
    }

    /// The method's arguments and errors.
    public var contract: MethodContract {
        let appID = ProtocolArgument("app_id", "s")
        let app = ProtocolArgument("app", "o")
        switch self {
        case .registerApplication:
            return MethodContract(
                inputs: [appID], outputs: [app],
                errors: [.invalidArgument, .alreadyRegistered, .limitExceeded, .storeUnavailable])
        case .unregisterApplication:
            return MethodContract(inputs: [appID], errors: [.invalidArgument, .notRegistered, .accessDenied])
        case .getApplication:
            return MethodContract(inputs: [appID], outputs: [app], errors: [.invalidArgument, .unknownApplication])
        case .listApplications:
            return MethodContract(inputs: [], outputs: [ProtocolArgument("apps", "a(sss)")])
        case .lock:
            return MethodContract(inputs: [appID], errors: [.invalidArgument, .unknownApplication])
        case .lockAll:
            return MethodContract(inputs: [])
        case .unlock:
            return MethodContract(inputs: [appID, ProtocolArgument("passcode", "s")], errors: Self.attemptErrors + [.invalidPasscode])
        case .setPasscode:
            return MethodContract(
                inputs: [appID, ProtocolArgument("passcode", "s"), ProtocolArgument("kind", "s")],
                errors: [.invalidArgument, .invalidPasscode, .passcodeExists, .storeUnavailable, .limitExceeded])
        case .changePasscode:
            return MethodContract(
                inputs: [appID, ProtocolArgument("old", "s"), ProtocolArgument("new", "s"), ProtocolArgument("kind", "s")],
                errors: Self.attemptErrors + [.invalidPasscode])
        case .removePasscode:
            return MethodContract(inputs: [appID, ProtocolArgument("passcode", "s")], errors: Self.attemptErrors + [.invalidPasscode])
        case .setSharedPasscode:
            return MethodContract(
                inputs: [ProtocolArgument("passcode", "s"), ProtocolArgument("kind", "s")],
                errors: [.invalidArgument, .invalidPasscode, .passcodeExists, .storeUnavailable, .limitExceeded])
        case .changeSharedPasscode:
            return MethodContract(
                inputs: [ProtocolArgument("old", "s"), ProtocolArgument("new", "s"), ProtocolArgument("kind", "s")],
                errors: Self.sharedAttemptErrors + [.invalidArgument])
        case .removeSharedPasscode:
            return MethodContract(inputs: [ProtocolArgument("passcode", "s")], errors: Self.sharedAttemptErrors)
        case .useSharedPasscode:
            return MethodContract(
                inputs: [appID], errors: [.invalidArgument, .noPasscode, .passcodeExists, .storeUnavailable])
        case .switchToSharedPasscode:
            return MethodContract(
                inputs: [appID, ProtocolArgument("passcode", "s")],
                errors: [.invalidArgument, .noPasscode, .wrongPasscode, .lockedOut, .storeUnavailable, .attemptInProgress,
                         .limitExceeded, .passcodeTampered, .invalidPasscode])
        case .reportActivity:
            return MethodContract(
                inputs: [appID, ProtocolArgument("activity", "s")],
                errors: [.invalidArgument, .notRegistered, .accessDenied])
        case .inhibit:
            return MethodContract(
                inputs: [appID, ProtocolArgument("reason", "s")], outputs: [ProtocolArgument("cookie", "u")],
                errors: [.invalidArgument, .notRegistered, .accessDenied, .inhibitNotAllowed, .limitExceeded])
        case .uninhibit:
            return MethodContract(inputs: [ProtocolArgument("cookie", "u")], errors: [.invalidArgument, .accessDenied])
        case .getRecentEvents:
            return MethodContract(inputs: [], outputs: [ProtocolArgument("events", "a(ssst)")])
        case .unlockWithSystemAuthentication:
            return MethodContract(inputs: [appID], errors: Self.systemAuthErrors)
        case .resetPasscode:
            return MethodContract(inputs: [appID], errors: Self.systemAuthErrors + [.storeUnavailable])
        case .getSystemAuthentication:
            return MethodContract(inputs: [], outputs: [ProtocolArgument("method", "s"), ProtocolArgument("reason", "s")])
        case .confirmPolicy:
            return MethodContract(inputs: [appID, ProtocolArgument("passcode", "s")], errors: Self.attemptErrors + [.invalidPasscode])
        case .confirmPolicyWithSystemAuthentication:
            return MethodContract(inputs: [appID], errors: Self.systemAuthErrors + [.policyChanged])
        case .getHeldPolicyChanges:
            return MethodContract(inputs: [], outputs: [ProtocolArgument("changes", "a(sas)")])
        case .getMissedAttempts:
            return MethodContract(
                inputs: [appID], outputs: ManagerSignal.missedAttemptsReported.arguments.dropFirst().map { $0 },
                errors: [.invalidArgument, .unknownApplication])
        case .reloadPolicy:
            return MethodContract(inputs: [], errors: [.policyFileBroken])
        case .reportScreenShare:
            return MethodContract(
                inputs: [ProtocolArgument("source", "s"), ProtocolArgument("sharing", "b")], errors: [.invalidArgument])
        }
    }

    /// What a system authentication through polkit (UnlockWithSystemAuthentication, ResetPasscode,
    /// ConfirmPolicyWithSystemAuthentication) can answer.
    private static let systemAuthErrors: [AgentError] = [
        .invalidArgument, .unknownApplication, .noPasscode, .notAuthorized, .systemAuthUnavailable, .lockedOut,
        .interrupted, .attemptInProgress,
    ]

    /// What an attempt on the AppLock passcode itself (ChangeSharedPasscode, RemoveSharedPasscode) can answer.
    private static let sharedAttemptErrors: [AgentError] = [
        .invalidPasscode, .noPasscode, .wrongPasscode, .lockedOut, .storeUnavailable,
        .attemptInProgress, .limitExceeded, .passcodeTampered,
    ]

    /// What a passcode attempt (Unlock, ChangePasscode, RemovePasscode) can answer.
    private static let attemptErrors: [AgentError] = [
        .invalidArgument, .unknownApplication, .noPasscode, .wrongPasscode, .lockedOut, .storeUnavailable,
        .attemptInProgress, .interrupted, .limitExceeded, .passcodeTampered,
    ]
}
