import AppLockClient
import AppLockCore
import AppLockProtocol
import DBusKit

/// What the lock window reads of an app's `io.github.applock.AppLock1.Application` properties (SPEC).
struct AppProperties: Sendable, Equatable {
    var state = "locked"
    var hasPasscode = false
    var passcodeKind: PasscodeKind?
    var failedAttempts: UInt32 = 0
    /// Unix time in µs when the next attempt is allowed; 0 when none is pending.
    var retryAfter: UInt64 = 0
    /// The policy's `MaxFailedAttempts`.
    var maxFailedAttempts: UInt32 = 5
    /// The policy's `AllowSystemAuthentication` (true when the agent does not say).
    var allowsSystemAuthentication = true
    /// The policy's `PasscodeKinds`, in the order the kinds are listed in `PasscodeKind`.
    var allowedKinds: [PasscodeKind] = PasscodeKind.allCases

    var isLocked: Bool { state == "locked" }

    /// Wrong passcodes still allowed before one starts a lock-out (0: the next wrong one does), nil once
    /// lock-outs have started.
    var attemptsLeft: UInt32? {
        failedAttempts <= maxFailedAttempts ? maxFailedAttempts - failedAttempts : nil
    }

    /// Reads the reply of `GetAll`; keys it does not know are left alone.
    init(_ entries: [(DBusValue, DBusValue)]) {
        for (key, value) in entries {
            guard let name = key.stringValue else { continue }
            let value = value.unwrappingVariants
            switch name {
            case "State": state = value.stringValue ?? state
            case "HasPasscode": hasPasscode = value.boolValue ?? hasPasscode
            case "PasscodeKind": passcodeKind = value.stringValue.flatMap(PasscodeKind.init(rawValue:))
            case "FailedAttempts": failedAttempts = value.uint32Value ?? failedAttempts
            case "RetryAfter": retryAfter = value.uint64Value ?? retryAfter
            case "Policy": readPolicy(value.dictionaryValue ?? [])
            default: break
            }
        }
    }

    init() {}

    private mutating func readPolicy(_ entries: [(DBusValue, DBusValue)]) {
        for (key, value) in entries {
            guard let name = key.stringValue else { continue }
            let value = value.unwrappingVariants
            switch name {
            case "MaxFailedAttempts": maxFailedAttempts = value.uint32Value ?? maxFailedAttempts
            case "AllowSystemAuthentication": allowsSystemAuthentication = value.boolValue ?? allowsSystemAuthentication
            case "PasscodeKinds":
                let names = Set(value.arrayValue?.compactMap(\.stringValue) ?? [])
                allowedKinds = PasscodeKind.allCases.filter { names.contains($0.rawValue) }
            default: break
            }
        }
    }
}
