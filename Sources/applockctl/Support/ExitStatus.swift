import Translation

/// The exit statuses of applockctl: one per kind of failure, so that scripts can tell them apart.
enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
    case agentNotRunning = 3
    case unknownApplication = 4
    case wrongPasscode = 5
    case lockedOut = 6
    case noPasscode = 7
    case passcodeExists = 8
    case invalidPasscode = 9
    case storeUnavailable = 10
    case notAllowed = 11
    case invalidArgument = 12
    case passcodeNotEntered = 13
    case noSessionBus = 14
    case busy = 15
    case noReply = 16
    case notAuthorized = 17
    case systemAuthUnavailable = 18
    case guardNotProtecting = 19
    case passcodeTampered = 20
    case policyChanged = 21
    case cancelled = 130

    /// What the status means, for `--help` and the man page.
    var meaning: String {
        switch self {
        case .success: L("success")
        case .failure: L("any other failure")
        case .usage: L("usage error (bad option, argument or app id)")
        case .agentNotRunning: L("applockd is not running and D-Bus could not start it")
        case .unknownApplication: L("no such application (neither registered nor with a passcode)")
        case .wrongPasscode: L("wrong passcode (the message says how many attempts are left)")
        case .lockedOut: L("locked out after too many failures (the message says how long to wait)")
        case .noPasscode: L("the application has no passcode")
        case .passcodeExists: L("the application already has a passcode (use change-passcode)")
        case .invalidPasscode: L("the passcode does not fit its kind or the policy (an unlock refused so counts no attempt)")
        case .storeUnavailable: L("the Secret Service (keyring) is missing or locked")
        case .notAllowed: L("not allowed (AccessDenied, NotRegistered, AlreadyRegistered)")
        case .invalidArgument: L("the agent refused an argument (InvalidArgument, InvalidArgs)")
        case .passcodeNotEntered: L("no passcode was entered (no terminal, end of input, or three mismatches)")
        case .noSessionBus: L("cannot connect to the D-Bus session bus")
        case .busy: L("the agent is busy (AttemptInProgress, LimitExceeded)")
        case .noReply: L("the agent did not answer in time")
        case .notAuthorized: L("system authentication refused or dismissed, or the policy does not allow it")
        case .systemAuthUnavailable: L("system authentication is unavailable (no polkit on the system bus)")
        case .guardNotProtecting:
            L("status: applock-guard cannot hide guarded apps now (the Guard line says why), or it is not running while an app is guarded")
        case .passcodeTampered: L("the passcode's keyring item was removed or replaced outside AppLock (reset-passcode clears it)")
        case .policyChanged: L("policy confirm: the policy files changed while you authenticated; nothing was confirmed")
        case .cancelled: L("interrupted at the passcode prompt (Ctrl-C)")
        }
    }

    /// The exit-status table as shown in `--help`.
    static var helpTable: String {
        allCases.map { status in
            let code = String(status.rawValue)
            return String(repeating: " ", count: max(0, 4 - code.count)) + code + "  " + status.meaning
        }.joined(separator: "\n")
    }
}
