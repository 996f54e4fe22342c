/// The effective lock policy of one application (every SPEC key, typed).
public struct Policy: Equatable, Sendable {
    public var lockOnLaunch: Bool
    public var lockOnSessionLock: Bool
    public var lockOnScreenSaver: Bool
    public var lockOnSuspend: Bool
    public var lockOnSessionSwitch: Bool
    /// Seconds of session idle before the app locks; 0 = never.
    public var lockAfterIdle: UInt32
    /// Seconds after `background` before the app locks; 0 = at once.
    public var gracePeriod: UInt32
    public var obscureInBackground: Bool
    public var allowInhibit: Bool
    /// Failures before lock-outs start.
    public var maxFailedAttempts: UInt32
    /// Seconds of lock-out after each further failure; the last repeats.
    public var lockoutSchedule: [UInt32]
    public var passcodeKinds: [PasscodeKind]
    public var minimumLength: UInt32
    /// `applock-guard` protects this app: it covers the app's windows while the app is obscured or locked.
    public var guarded: Bool
    /// What makes the guard report this app `background`.
    public var backgroundWhen: BackgroundRule
    /// While the app is obscured or locked, its notifications show its name and "Locked", never their content.
    public var hideNotifications: Bool
    /// `UnlockWithSystemAuthentication` is allowed.
    public var allowSystemAuthentication: Bool
    /// `ResetPasscode` is allowed.
    public var allowPasscodeReset: Bool
    /// A lock-out stops system authentication too (set only by the administrator's `[Mandatory]` group).
    public var lockoutBlocksSystemAuthentication: Bool
    /// What screen sharing or recording does to the app.
    public var lockOnScreenShare: ScreenShareRule
    /// An unlock of another app with the AppLock passcode also unlocks this app (when it uses the AppLock passcode
    /// too and a session event locked it).
    public var unlockTogether: Bool

    public init(
        lockOnLaunch: Bool = true,
        lockOnSessionLock: Bool = true,
        lockOnScreenSaver: Bool = true,
        lockOnSuspend: Bool = true,
        lockOnSessionSwitch: Bool = true,
        lockAfterIdle: UInt32 = 300,
        gracePeriod: UInt32 = 60,
        obscureInBackground: Bool = false,
        allowInhibit: Bool = true,
        maxFailedAttempts: UInt32 = 5,
        lockoutSchedule: [UInt32] = [60, 300, 900, 3600],
        passcodeKinds: [PasscodeKind] = PasscodeKind.allCases,
        minimumLength: UInt32 = 4,
        guarded: Bool = false,
        backgroundWhen: BackgroundRule = .minimised,
        hideNotifications: Bool = true,
        allowSystemAuthentication: Bool = true,
        allowPasscodeReset: Bool = true,
        lockoutBlocksSystemAuthentication: Bool = false,
        lockOnScreenShare: ScreenShareRule = .obscure,
        unlockTogether: Bool = false
    ) {
        self.lockOnLaunch = lockOnLaunch
        self.lockOnSessionLock = lockOnSessionLock
        self.lockOnScreenSaver = lockOnScreenSaver
        self.lockOnSuspend = lockOnSuspend
        self.lockOnSessionSwitch = lockOnSessionSwitch
        self.lockAfterIdle = lockAfterIdle
        self.gracePeriod = gracePeriod
        self.obscureInBackground = obscureInBackground
        self.allowInhibit = allowInhibit
        self.maxFailedAttempts = maxFailedAttempts
        self.lockoutSchedule = lockoutSchedule
        self.passcodeKinds = passcodeKinds
        self.minimumLength = minimumLength
        self.guarded = guarded
        self.backgroundWhen = backgroundWhen
        self.hideNotifications = hideNotifications
        self.allowSystemAuthentication = allowSystemAuthentication
        self.allowPasscodeReset = allowPasscodeReset
        self.lockoutBlocksSystemAuthentication = lockoutBlocksSystemAuthentication
        self.lockOnScreenShare = lockOnScreenShare
        self.unlockTogether = unlockTogether
    }

    /// SPEC's built-in defaults.
    public static let defaults = Policy()

    /// Every key with its value, in SPEC order, named as SPEC spells them (``PolicyKey/all``).
    public var entries: [(key: String, value: PolicyValue)] {
        PolicyKey.all.map { ($0.name, $0.value(in: self)) }
    }
}
