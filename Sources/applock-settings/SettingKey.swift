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
    case unlockTogether

    /// The control a key gets.
    enum Control: Equatable {
        case toggle
        /// A whole number up to `maximum`.
        case number(maximum: UInt32)
        /// A duration of `minimum`…`maximum` seconds (a ``DurationField``).
        case duration(minimum: UInt32, maximum: UInt32)
        /// A list of durations, one row each, with rows to add and remove.
        case schedule
        /// One of these choices, in the order of the key's values.
        case choice([String])
    }

    /// The longest duration Settings offers: a day.
    static let longestDuration: UInt32 = 86_400

    var control: Control {
        switch self {
        case .lockOnSessionLock, .lockOnScreenSaver, .lockOnSuspend, .lockOnSessionSwitch, .obscureInBackground,
             .backgroundWhen, .hideNotifications, .allowSystemAuthentication, .allowPasscodeReset, .unlockTogether: .toggle
        case .lockAfterIdle, .gracePeriod: .duration(minimum: 0, maximum: Self.longestDuration)
        case .maxFailedAttempts: .number(maximum: 100)
        case .lockoutSchedule: .schedule
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
        case .unlockTogether: .unlockTogether
        }
    }

    /// The row's title: the core's label, or words a user knows better where the key's name is terse.
    var title: String {
        switch self {
        case .unlockTogether: L("Unlock Together After a Screen Lock")
        default: translated(policyKey.label)
        }
    }

    /// The line under the title. The core's words for the durations name their unit ("Seconds …"); here each
    /// duration has its unit beside it.
    var subtitle: String {
        switch self {
        case .gracePeriod: L("How long an app may stay hidden before it locks; 0 locks at once")
        case .lockAfterIdle: L("How long without input before locking; 0 never locks")
        case .lockoutSchedule: L("How long each lock-out after that lasts; the last one repeats")
        case .unlockTogether:
            L("Typing the AppLock passcode in one app also unlocks the other apps that use it, when a screen lock, suspend or idle time locked them")
        default: translated(policyKey.explanation)
        }
    }

    /// The key's value in `policy`, as the row shows it (a toggle's state, a number, a duration's seconds, a list).
    func shown(in policy: Policy) -> SettingValue {
        switch (control, policyKey.value(in: policy)) {
        case (_, .bool(let on)): .toggle(on)
        case (.choice, .string(let text)): .choice(ScreenShareRule.allCases.firstIndex { $0.rawValue == text } ?? 0)
        case (_, .string(let text)): .toggle(text == BackgroundRule.unfocused.rawValue)
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
        case (_, .number(let n)): String(n)
        case (_, .list(let items)): PolicyValue.uint32Array(items).keyFileText
        case (_, .choice(let index)): ScreenShareRule.allCases[min(max(index, 0), ScreenShareRule.allCases.count - 1)].rawValue
        }
    }

    /// What the administrator's file does to this key, nil when it leaves it to the user.
    func limit(by mandatory: MandatoryPolicy) -> AdministratorLimit? {
        switch policyKey.limit(by: mandatory) {
        case .fixed?: .fixed
        case .atMost(let limit)?: .maximum(limit)
        case nil: nil
        }
    }
}
