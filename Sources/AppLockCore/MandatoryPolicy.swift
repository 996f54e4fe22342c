public import AppLockProtocol

/// The administrator's limits (`/etc/applock/policy.conf`, group `[Mandatory]`); nil = no limit.
public struct MandatoryPolicy: Equatable, Sendable {
    /// Longest grace period allowed, in seconds.
    public var maximumGracePeriod: UInt32?
    /// Longest idle time before a lock, in seconds (at least 1); also replaces LockAfterIdle 0 (never).
    public var maximumLockAfterIdle: UInt32?
    /// Raises MinimumLength to at least this.
    public var minimumPasscodeLength: UInt32?
    /// Only these kinds may be used.
    public var allowedPasscodeKinds: [PasscodeKind]?
    /// false forbids Inhibit; true changes nothing.
    public var allowInhibit: Bool?
    /// true forces LockOnSessionLock on; false changes nothing.
    public var requireLockOnSessionLock: Bool?
    /// true forces LockOnSuspend on; false changes nothing.
    public var requireLockOnSuspend: Bool?
    /// Apps `applock-guard` must protect whatever the user's files say (`Guard=` list of app ids).
    public var guardedApps: [AppID]?
    /// `unfocused` makes every guarded app `background` as soon as it loses the focus; `minimised` changes nothing.
    public var backgroundWhen: BackgroundRule?
    /// false forbids `UnlockWithSystemAuthentication`; true changes nothing.
    public var allowSystemAuthentication: Bool?
    /// false forbids `ResetPasscode`; true changes nothing.
    public var allowPasscodeReset: Bool?
    /// true makes a lock-out stop system authentication (both methods answer `LockedOut`); false changes nothing.
    public var lockoutBlocksSystemAuthentication: Bool?
    /// Most failed attempts allowed before lock-outs start (at least 1).
    public var maximumFailedAttempts: UInt32?
    /// The shortest lock-out schedule allowed: each delay of the user's schedule is at least the administrator's
    /// delay at the same step (their last delay repeating).
    public var minimumLockoutSchedule: [UInt32]?
    /// true forces LockOnLaunch on; false changes nothing.
    public var requireLockOnLaunch: Bool?
    /// true forces LockOnScreenSaver on; false changes nothing.
    public var requireLockOnScreenSaver: Bool?
    /// true forces LockOnSessionSwitch on; false changes nothing.
    public var requireLockOnSessionSwitch: Bool?

    /// The group these keys live in.
    public static let groupName = "Mandatory"

    public init(
        maximumGracePeriod: UInt32? = nil,
        maximumLockAfterIdle: UInt32? = nil,
        minimumPasscodeLength: UInt32? = nil,
        allowedPasscodeKinds: [PasscodeKind]? = nil,
        allowInhibit: Bool? = nil,
        requireLockOnSessionLock: Bool? = nil,
        requireLockOnSuspend: Bool? = nil,
        guardedApps: [AppID]? = nil,
        backgroundWhen: BackgroundRule? = nil,
        allowSystemAuthentication: Bool? = nil,
        allowPasscodeReset: Bool? = nil,
        lockoutBlocksSystemAuthentication: Bool? = nil,
        maximumFailedAttempts: UInt32? = nil,
        minimumLockoutSchedule: [UInt32]? = nil,
        requireLockOnLaunch: Bool? = nil,
        requireLockOnScreenSaver: Bool? = nil,
        requireLockOnSessionSwitch: Bool? = nil
    ) {
        self.maximumGracePeriod = maximumGracePeriod
        self.maximumLockAfterIdle = maximumLockAfterIdle
        self.minimumPasscodeLength = minimumPasscodeLength
        self.allowedPasscodeKinds = allowedPasscodeKinds
        self.allowInhibit = allowInhibit
        self.requireLockOnSessionLock = requireLockOnSessionLock
        self.requireLockOnSuspend = requireLockOnSuspend
        self.guardedApps = guardedApps
        self.backgroundWhen = backgroundWhen
        self.allowSystemAuthentication = allowSystemAuthentication
        self.allowPasscodeReset = allowPasscodeReset
        self.lockoutBlocksSystemAuthentication = lockoutBlocksSystemAuthentication
        self.maximumFailedAttempts = maximumFailedAttempts
        self.minimumLockoutSchedule = minimumLockoutSchedule
        self.requireLockOnLaunch = requireLockOnLaunch
        self.requireLockOnScreenSaver = requireLockOnScreenSaver
        self.requireLockOnSessionSwitch = requireLockOnSessionSwitch
    }

    /// Parses a whole administrator policy file's text (a syntax error and a bad value are both a `KeyFileError`).
    public static func parse(_ text: String, fileName: String) throws(KeyFileError) -> MandatoryPolicy {
        try parse(KeyFile.parse(text, fileName: fileName))
    }

    /// Reads the `[Mandatory]` group (absent = no limits). Other groups and `X-` keys are ignored.
    public static func parse(_ keyFile: KeyFile) throws(KeyFileError) -> MandatoryPolicy {
        var m = MandatoryPolicy()
        guard let group = keyFile.group(groupName) else { return m }
        for entry in group.entries {
            let p = PolicyFieldParser(file: keyFile.fileName, entry: entry)
            switch entry.key {
            case "MaximumGracePeriod": m.maximumGracePeriod = try p.uint32()
            case "MaximumLockAfterIdle": m.maximumLockAfterIdle = try p.uint32(minimum: 1)
            case "MinimumPasscodeLength": m.minimumPasscodeLength = try p.uint32(maximum: UInt32(Limits.maxPasscodeBytes))
            case "AllowedPasscodeKinds": m.allowedPasscodeKinds = try p.kinds()
            case "AllowInhibit": m.allowInhibit = try p.bool()
            case "RequireLockOnSessionLock": m.requireLockOnSessionLock = try p.bool()
            case "RequireLockOnSuspend": m.requireLockOnSuspend = try p.bool()
            case "Guard": m.guardedApps = try p.appIDs()
            case "BackgroundWhen": m.backgroundWhen = try p.backgroundRule()
            case "AllowSystemAuthentication": m.allowSystemAuthentication = try p.bool()
            case "AllowPasscodeReset": m.allowPasscodeReset = try p.bool()
            case "LockoutBlocksSystemAuthentication": m.lockoutBlocksSystemAuthentication = try p.bool()
            case "MaximumFailedAttempts": m.maximumFailedAttempts = try p.uint32(minimum: 1)
            case "MinimumLockoutSchedule": m.minimumLockoutSchedule = try p.uint32List()
            case "RequireLockOnLaunch": m.requireLockOnLaunch = try p.bool()
            case "RequireLockOnScreenSaver": m.requireLockOnScreenSaver = try p.bool()
            case "RequireLockOnSessionSwitch": m.requireLockOnSessionSwitch = try p.bool()
            default:
                if entry.key.hasPrefix("X-") { continue }
                throw p.fail("unknown key in [\(groupName)]")
            }
        }
        return m
    }
}
