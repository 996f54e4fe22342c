/// The keys one policy file (`applock.conf` or `apps.d/<app_id>.conf`, group `[Policy]`) sets; nil = not set.
public struct PolicyOverrides: Equatable, Sendable {
    public var lockOnLaunch: Bool?
    public var lockOnSessionLock: Bool?
    public var lockOnScreenSaver: Bool?
    public var lockOnSuspend: Bool?
    public var lockOnSessionSwitch: Bool?
    public var lockAfterIdle: UInt32?
    public var gracePeriod: UInt32?
    public var obscureInBackground: Bool?
    public var allowInhibit: Bool?
    public var maxFailedAttempts: UInt32?
    public var lockoutSchedule: [UInt32]?
    public var passcodeKinds: [PasscodeKind]?
    public var minimumLength: UInt32?
    public var guarded: Bool?
    public var backgroundWhen: BackgroundRule?
    public var allowSystemAuthentication: Bool?
    public var allowPasscodeReset: Bool?

    /// The group these keys live in.
    public static let groupName = "Policy"

    public init() {}

    /// Reads the `[Policy]` group (absent = nothing set). Other groups are ignored; keys starting with `X-`
    /// are ignored (desktop-entry extension convention). Unknown keys and bad values are errors.
    public static func parse(_ keyFile: KeyFile) throws(KeyFileError) -> PolicyOverrides {
        var o = PolicyOverrides()
        guard let group = keyFile.group(groupName) else { return o }
        for entry in group.entries {
            let p = PolicyFieldParser(file: keyFile.fileName, entry: entry)
            switch entry.key {
            case "LockOnLaunch": o.lockOnLaunch = try p.bool()
            case "LockOnSessionLock": o.lockOnSessionLock = try p.bool()
            case "LockOnScreenSaver": o.lockOnScreenSaver = try p.bool()
            case "LockOnSuspend": o.lockOnSuspend = try p.bool()
            case "LockOnSessionSwitch": o.lockOnSessionSwitch = try p.bool()
            case "LockAfterIdle": o.lockAfterIdle = try p.uint32()
            case "GracePeriod": o.gracePeriod = try p.uint32()
            case "ObscureInBackground": o.obscureInBackground = try p.bool()
            case "AllowInhibit": o.allowInhibit = try p.bool()
            case "MaxFailedAttempts": o.maxFailedAttempts = try p.uint32()
            case "LockoutSchedule": o.lockoutSchedule = try p.uint32List()
            case "PasscodeKinds": o.passcodeKinds = try p.kinds()
            case "MinimumLength": o.minimumLength = try p.uint32(maximum: UInt32(Limits.maxPasscodeBytes))
            case "Guard": o.guarded = try p.bool()
            case "BackgroundWhen": o.backgroundWhen = try p.backgroundRule()
            case "AllowSystemAuthentication": o.allowSystemAuthentication = try p.bool()
            case "AllowPasscodeReset": o.allowPasscodeReset = try p.bool()
            default:
                if entry.key.hasPrefix("X-") { continue }
                throw p.fail("unknown key in [\(groupName)]")
            }
        }
        return o
    }

    /// Parses a whole policy file's text (a syntax error and a bad value are both a `KeyFileError`).
    public static func parse(_ text: String, fileName: String) throws(KeyFileError) -> PolicyOverrides {
        try parse(KeyFile.parse(text, fileName: fileName))
    }

    /// `base` with every key set here replacing its value.
    public func applied(to base: Policy) -> Policy {
        var p = base
        if let v = lockOnLaunch { p.lockOnLaunch = v }
        if let v = lockOnSessionLock { p.lockOnSessionLock = v }
        if let v = lockOnScreenSaver { p.lockOnScreenSaver = v }
        if let v = lockOnSuspend { p.lockOnSuspend = v }
        if let v = lockOnSessionSwitch { p.lockOnSessionSwitch = v }
        if let v = lockAfterIdle { p.lockAfterIdle = v }
        if let v = gracePeriod { p.gracePeriod = v }
        if let v = obscureInBackground { p.obscureInBackground = v }
        if let v = allowInhibit { p.allowInhibit = v }
        if let v = maxFailedAttempts { p.maxFailedAttempts = v }
        if let v = lockoutSchedule, !v.isEmpty { p.lockoutSchedule = v }
        if let v = passcodeKinds, !v.isEmpty { p.passcodeKinds = v }
        if let v = minimumLength { p.minimumLength = v }
        if let v = guarded { p.guarded = v }
        if let v = backgroundWhen { p.backgroundWhen = v }
        if let v = allowSystemAuthentication { p.allowSystemAuthentication = v }
        if let v = allowPasscodeReset { p.allowPasscodeReset = v }
        return p
    }
}
