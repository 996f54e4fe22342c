import AppLockCore
import Translation

/// A policy key AppLock Settings shows: its control, how it reads from a policy in the row's unit, how it is
/// written to a file, and the administrator's limit in the row's unit. Its name, words and limit come from the
/// core's ``PolicyKey`` table.
enum SettingKey: CaseIterable, Sendable {
    case lockOnSessionLock
    case lockOnScreenSaver
    case lockOnSuspend
    case lockOnSessionSwitch
    case lockAfterIdle
    case gracePeriod
    case obscureInBackground
    case backgroundWhen
    case hideNotifications
    case maxFailedAttempts
    case lockoutSchedule
    case allowSystemAuthentication
    case allowPasscodeReset
    case lockOnScreenShare

    /// The control a key gets.
    enum Control: Equatable {
        case toggle
        /// A whole number shown in `unit`s of this many seconds, up to `maximum` units.
        case number(secondsPerUnit: UInt32, maximum: UInt32)
        /// A comma-separated list of seconds.
        case list
        /// One of these choices, in the order of the key's values.
        case choice([String])
    }

    var control: Control {
        switch self {
        case .lockOnSessionLock, .lockOnScreenSaver, .lockOnSuspend, .lockOnSessionSwitch, .obscureInBackground,
             .backgroundWhen, .hideNotifications, .allowSystemAuthentication, .allowPasscodeReset: .toggle
        case .lockAfterIdle: .number(secondsPerUnit: 60, maximum: 1440)
        case .gracePeriod: .number(secondsPerUnit: 1, maximum: 86_400)
        case .maxFailedAttempts: .number(secondsPerUnit: 1, maximum: 100)
        case .lockoutSchedule: .list
        // TRANSLATORS: what sharing the screen does to a protected app: nothing, hide its content, or lock it.
        case .lockOnScreenShare: .choice([L("Off"), L("Hide Content"), L("Lock")])
        }
    }

    /// The core's description of the key: its name, type, words and administrator's limit.
    var policyKey: PolicyKey {
        switch self {
        case .lockOnSessionLock: .lockOnSessionLock
        case .lockOnScreenSaver: .lockOnScreenSaver
        case .lockOnSuspend: .lockOnSuspend
        case .lockOnSessionSwitch: .lockOnSessionSwitch
        case .lockAfterIdle: .lockAfterIdle
        case .gracePeriod: .gracePeriod
        case .obscureInBackground: .obscureInBackground
        case .backgroundWhen: .backgroundWhen
        case .hideNotifications: .hideNotifications
        case .maxFailedAttempts: .maxFailedAttempts
        case .lockoutSchedule: .lockoutSchedule
        case .allowSystemAuthentication: .allowSystemAuthentication
        case .allowPasscodeReset: .allowPasscodeReset
        case .lockOnScreenShare: .lockOnScreenShare
        }
    }

    var title: String { translated(policyKey.label) }

    var subtitle: String { translated(policyKey.explanation) }

    /// The key's value in `policy`, as the row shows it (a toggle's 1/0, a number in its unit, a list's text).
    func shown(in policy: Policy) -> SettingValue {
        switch (control, policyKey.value(in: policy)) {
        case (_, .bool(let on)): .toggle(on)
        case (.choice, .string(let text)): .choice(ScreenShareRule.allCases.firstIndex { $0.rawValue == text } ?? 0)
        case (_, .string(let text)): .toggle(text == BackgroundRule.unfocused.rawValue)
        case (.number(let perUnit, _), .uint32(let seconds)): .number((seconds + perUnit - 1) / perUnit)
        case (_, .uint32(let number)): .number(number)
        case (_, .uint32Array(let numbers)): .list(numbers)
        case (_, .stringArray): .list([])
        }
    }

    /// Whether the file's `[Policy]` sets the key itself.
    func isSet(in overrides: PolicyOverrides) -> Bool {
        overrides.sets(policyKey)
    }

    /// The text written after `Key=` for `value` (`BackgroundWhen`'s switch on is `unfocused`).
    func fileText(for value: SettingValue) -> String {
        switch (control, value) {
        case (_, .toggle(let on)) where self == .backgroundWhen:
            (on ? BackgroundRule.unfocused : .minimised).rawValue
        case (_, .toggle(let on)): PolicyValue.bool(on).keyFileText
        case (.number(let perUnit, _), .number(let n)): String(n * perUnit)
        case (_, .number(let n)): String(n)
        case (_, .list(let items)): PolicyValue.uint32Array(items).keyFileText
        case (_, .choice(let index)): ScreenShareRule.allCases[min(max(index, 0), ScreenShareRule.allCases.count - 1)].rawValue
        }
    }

    /// What the administrator's file does to this key, nil when it leaves it to the user.
    func limit(by mandatory: MandatoryPolicy) -> AdministratorLimit? {
        switch policyKey.limit(by: mandatory) {
        case .fixed?: .fixed
        case .atMost(let seconds)?:
            if case .number(let perUnit, _) = control, seconds > 0 { .maximum(max(1, seconds / perUnit)) } else { .maximum(seconds) }
        case nil: nil
        }
    }
}
