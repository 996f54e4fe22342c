import AppLockCore

/// A policy key AppLock Settings shows: how it reads from a policy, how it is written to a file, how the
/// administrator's `[Mandatory]` file limits it, and the words on its row (GNOME's wording: short titles, a
/// subtitle that says what happens).
enum SettingKey: String, CaseIterable, Sendable {
    case lockOnSessionLock = "LockOnSessionLock"
    case lockOnScreenSaver = "LockOnScreenSaver"
    case lockOnSuspend = "LockOnSuspend"
    case lockOnSessionSwitch = "LockOnSessionSwitch"
    case lockAfterIdle = "LockAfterIdle"
    case gracePeriod = "GracePeriod"
    case obscureInBackground = "ObscureInBackground"
    case backgroundWhen = "BackgroundWhen"
    case maxFailedAttempts = "MaxFailedAttempts"
    case lockoutSchedule = "LockoutSchedule"
    case allowSystemAuthentication = "AllowSystemAuthentication"
    case allowPasscodeReset = "AllowPasscodeReset"

    /// The control a key gets.
    enum Control: Equatable {
        case toggle
        /// A whole number shown in `unit`s of this many seconds, up to `maximum` units.
        case number(secondsPerUnit: UInt32, maximum: UInt32)
        /// A comma-separated list of seconds.
        case list
    }

    var control: Control {
        switch self {
        case .lockOnSessionLock, .lockOnScreenSaver, .lockOnSuspend, .lockOnSessionSwitch, .obscureInBackground,
             .backgroundWhen, .allowSystemAuthentication, .allowPasscodeReset: .toggle
        case .lockAfterIdle: .number(secondsPerUnit: 60, maximum: 1440)
        case .gracePeriod: .number(secondsPerUnit: 1, maximum: 86_400)
        case .maxFailedAttempts: .number(secondsPerUnit: 1, maximum: 100)
        case .lockoutSchedule: .list
        }
    }

    var title: String {
        switch self {
        case .lockOnSessionLock: "Screen Lock"
        case .lockOnScreenSaver: "Screensaver"
        case .lockOnSuspend: "Suspend"
        case .lockOnSessionSwitch: "User Switch"
        case .lockAfterIdle: "Idle Time"
        case .gracePeriod: "Grace Period"
        case .obscureInBackground: "Hide Content at Once"
        case .backgroundWhen: "Hidden When Not Focused"
        case .maxFailedAttempts: "Failed Attempts Allowed"
        case .lockoutSchedule: "Lock-Out Schedule"
        case .allowSystemAuthentication: "System Authentication"
        case .allowPasscodeReset: "Passcode Reset"
        }
    }

    var subtitle: String {
        switch self {
        case .lockOnSessionLock: "Lock when the screen locks"
        case .lockOnScreenSaver: "Lock when the screensaver starts"
        case .lockOnSuspend: "Lock before the computer suspends or shuts down"
        case .lockOnSessionSwitch: "Lock when another user's session is switched to"
        case .lockAfterIdle: "Minutes without input before locking; 0 never locks"
        case .gracePeriod: "Seconds an app may stay hidden before it locks; 0 locks at once"
        case .obscureInBackground: "Cover an app's content as soon as it is hidden"
        case .backgroundWhen: "A protected app is hidden once another app has the focus, not only when minimised"
        case .maxFailedAttempts: "Wrong passcodes before lock-outs start"
        case .lockoutSchedule: "Seconds of each lock-out after that, comma-separated; the last repeats"
        case .allowSystemAuthentication: "Unlock with your own password or fingerprint instead of the passcode"
        case .allowPasscodeReset: "Remove a forgotten passcode after system authentication"
        }
    }

    /// The key's value in `policy`, as the row shows it (a toggle's 1/0, a number in its unit, a list's text).
    func shown(in policy: Policy) -> SettingValue {
        switch self {
        case .lockOnSessionLock: .toggle(policy.lockOnSessionLock)
        case .lockOnScreenSaver: .toggle(policy.lockOnScreenSaver)
        case .lockOnSuspend: .toggle(policy.lockOnSuspend)
        case .lockOnSessionSwitch: .toggle(policy.lockOnSessionSwitch)
        case .obscureInBackground: .toggle(policy.obscureInBackground)
        case .backgroundWhen: .toggle(policy.backgroundWhen == .unfocused)
        case .lockAfterIdle: .number((policy.lockAfterIdle + 59) / 60)
        case .gracePeriod: .number(policy.gracePeriod)
        case .maxFailedAttempts: .number(policy.maxFailedAttempts)
        case .lockoutSchedule: .list(policy.lockoutSchedule)
        case .allowSystemAuthentication: .toggle(policy.allowSystemAuthentication)
        case .allowPasscodeReset: .toggle(policy.allowPasscodeReset)
        }
    }

    /// Whether the file's `[Policy]` sets the key itself.
    func isSet(in overrides: PolicyOverrides) -> Bool {
        switch self {
        case .lockOnSessionLock: overrides.lockOnSessionLock != nil
        case .lockOnScreenSaver: overrides.lockOnScreenSaver != nil
        case .lockOnSuspend: overrides.lockOnSuspend != nil
        case .lockOnSessionSwitch: overrides.lockOnSessionSwitch != nil
        case .obscureInBackground: overrides.obscureInBackground != nil
        case .backgroundWhen: overrides.backgroundWhen != nil
        case .lockAfterIdle: overrides.lockAfterIdle != nil
        case .gracePeriod: overrides.gracePeriod != nil
        case .maxFailedAttempts: overrides.maxFailedAttempts != nil
        case .lockoutSchedule: overrides.lockoutSchedule != nil
        case .allowSystemAuthentication: overrides.allowSystemAuthentication != nil
        case .allowPasscodeReset: overrides.allowPasscodeReset != nil
        }
    }

    /// The text written after `Key=` for `value` (`BackgroundWhen`'s switch on is `unfocused`).
    func fileText(for value: SettingValue) -> String {
        switch (control, value) {
        case (_, .toggle(let on)) where self == .backgroundWhen:
            (on ? BackgroundRule.unfocused : .minimised).rawValue
        case (_, .toggle(let on)): on ? "true" : "false"
        case (.number(let perUnit, _), .number(let n)): String(n * perUnit)
        case (_, .number(let n)): String(n)
        case (_, .list(let items)): items.map(String.init).joined(separator: ",")
        }
    }

    /// What the administrator's file does to this key, nil when it leaves it to the user.
    func limit(by mandatory: MandatoryPolicy) -> AdministratorLimit? {
        switch self {
        case .lockOnSessionLock: mandatory.requireLockOnSessionLock == true ? .fixed : nil
        case .lockOnSuspend: mandatory.requireLockOnSuspend == true ? .fixed : nil
        case .lockOnScreenSaver: mandatory.requireLockOnScreenSaver == true ? .fixed : nil
        case .lockOnSessionSwitch: mandatory.requireLockOnSessionSwitch == true ? .fixed : nil
        case .maxFailedAttempts: mandatory.maximumFailedAttempts.map { .maximum($0) }
        case .backgroundWhen: mandatory.backgroundWhen == .unfocused ? .fixed : nil
        case .gracePeriod: mandatory.maximumGracePeriod.map { .maximum($0) }
        case .lockAfterIdle: mandatory.maximumLockAfterIdle.map { .maximum(max(1, $0 / 60)) }
        case .allowSystemAuthentication: mandatory.allowSystemAuthentication == false ? .fixed : nil
        case .allowPasscodeReset: mandatory.allowPasscodeReset == false ? .fixed : nil
        default: nil
        }
    }
}
