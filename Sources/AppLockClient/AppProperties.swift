public import AppLockCore
public import AppLockProtocol
import DBusKit

/// The properties of one app's object (`io.github.applock.AppLock1.Application`), as one value.
public struct AppProperties: Sendable, Hashable {
    /// The app id.
    public var appID: AppID
    /// `unlocked`, `obscured` or `locked`.
    public var state: AppState
    /// Why.
    public var reason: LockReason
    /// A live connection has registered the app.
    public var registered: Bool
    /// A passcode is stored.
    public var hasPasscode: Bool
    /// The passcode's kind, nil without one.
    public var passcodeKind: PasscodeKind?
    /// Which passcode protects the app: the AppLock passcode, its own, or none.
    public var passcodeSource: PasscodeSource
    /// Consecutive failed attempts (of the AppLock passcode, through every app that uses it, when the app does).
    public var failedAttempts: UInt32
    /// The agent's `MaxFailedAttempts`: the limit in force for the passcode that protects the app (for the AppLock
    /// passcode, the strictest of its apps' policies); nil until the agent has said.
    public var failedAttemptLimit: UInt32?
    /// Unix time in µs when the next attempt is allowed; 0 when none is pending.
    public var retryAfter: UInt64
    /// An inhibitor is held on the app.
    public var inhibited: Bool
    /// The effective policy, key to value.
    public var policy: [String: PolicyValue]

    /// An app that the agent has not described yet: locked (fail closed).
    public init(appID: AppID) {
        self.appID = appID
        state = .locked
        reason = .starting
        registered = false
        hasPasscode = false
        passcodeKind = nil
        passcodeSource = .none
        failedAttempts = 0
        failedAttemptLimit = nil
        retryAfter = 0
        inhibited = false
        policy = [:]
    }

    /// The failed attempts allowed before a lock-out (0: no lock-out): the limit in force the agent publishes, else
    /// (an agent that does not publish it) the policy's `MaxFailedAttempts`; nil when neither is known.
    public var maxFailedAttempts: UInt32? {
        if let failedAttemptLimit { return failedAttemptLimit }
        if case .uint32(let value)? = policy[Self.maxFailedAttemptsKey] { return value }
        return nil
    }

    /// Failed attempts left before the next one imposes a lock-out; nil when unknown or when failures never lock out.
    public var attemptsLeft: UInt32? {
        guard let maximum = maxFailedAttempts, maximum > 0 else { return nil }
        return maximum > failedAttempts ? maximum - failedAttempts : 0
    }

    /// Whole seconds until the next passcode attempt is allowed (0 when none is pending), measured against
    /// `nowMicroseconds` (Unix time; the current time by default).
    public func secondsUntilRetry(nowMicroseconds: UInt64 = AppLockStatus.currentUnixMicroseconds()) -> UInt64 {
        guard retryAfter > nowMicroseconds else { return 0 }
        return (retryAfter - nowMicroseconds + 999_999) / 1_000_000
    }

    static let maxFailedAttemptsKey = PolicyKey.maxFailedAttempts.name

    /// Applies `(name, value)` pairs of `GetAll` or `PropertiesChanged`; unknown names and types are skipped.
    mutating func apply(_ entries: [(DBusValue, DBusValue)]) {
        for (key, wrapped) in entries {
            guard let name = key.stringValue, let property = ApplicationProperty(rawValue: name) else { continue }
            let value = wrapped.unwrappingVariants
            switch property {
            case .appID: if let text = value.stringValue, let id = try? AppID(text) { appID = id }
            case .state: if let text = value.stringValue { state = AppState(rawValue: text) ?? .locked }
            case .reason: if let text = value.stringValue { reason = LockReason(rawValue: text) }
            case .registered: if let flag = value.boolValue { registered = flag }
            case .hasPasscode: if let flag = value.boolValue { hasPasscode = flag }
            case .passcodeKind: if let text = value.stringValue { passcodeKind = PasscodeKind(rawValue: text) }
            case .passcodeSource: if let text = value.stringValue { passcodeSource = PasscodeSource(rawValue: text) ?? .none }
            case .failedAttempts: if let count = value.uint32Value { failedAttempts = count }
            case .maxFailedAttempts: if let count = value.uint32Value { failedAttemptLimit = count }
            case .retryAfter: if let time = value.uint64Value { retryAfter = time }
            case .inhibited: if let flag = value.boolValue { inhibited = flag }
            case .policy: if let pairs = value.dictionaryValue { policy = Self.policy(from: pairs) }
            }
        }
    }

    private static func policy(from pairs: [(DBusValue, DBusValue)]) -> [String: PolicyValue] {
        var policy: [String: PolicyValue] = [:]
        for (key, wrapped) in pairs {
            guard let name = key.stringValue else { continue }
            switch wrapped.unwrappingVariants {
            case .boolean(let flag): policy[name] = .bool(flag)
            case .uint32(let number): policy[name] = .uint32(number)
            case .string(let text): policy[name] = .string(text)
            case let array:
                if let strings = array.arrayValue?.compactMap(\.stringValue), strings.count == array.arrayValue?.count {
                    policy[name] = .stringArray(strings)
                } else if let numbers = array.arrayValue?.compactMap(\.uint32Value) {
                    policy[name] = .uint32Array(numbers)
                }
            }
        }
        return policy
    }
}
