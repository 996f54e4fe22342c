import AppLockClient
import AppLockCore
import AppLockProtocol

/// Renders an app's properties and policy values for people (keyfile style: `true`, `60,300`) and as JSON-ready
/// values for ``JSONText``.
enum PropertyRendering {
    /// The lines `status APP` shows for one property (several for the policy, one key each).
    static func lines(_ property: ApplicationProperty, of app: AppProperties) -> [String] {
        switch property {
        case .appID: [app.appID.rawValue]
        case .state: [app.state.rawValue]
        case .reason: [app.reason.rawValue]
        case .registered: [yesNo(app.registered)]
        case .hasPasscode: [yesNo(app.hasPasscode)]
        case .passcodeKind: [app.passcodeKind?.rawValue ?? "-"]
        case .passcodeSource: [app.passcodeSource.rawValue]
        case .failedAttempts: [String(app.failedAttempts)]
        case .maxFailedAttempts: [app.maxFailedAttempts.map(String.init) ?? "-"]
        case .retryAfter: [app.retryAfter == 0 ? "-" : TimeText.deadline(unixMicroseconds: app.retryAfter)]
        case .inhibited: [yesNo(app.inhibited)]
        case .policy: policyLines(app.policy)
        }
    }

    /// The property as a JSON value.
    static func json(_ property: ApplicationProperty, of app: AppProperties) -> Any {
        switch property {
        case .appID: app.appID.rawValue
        case .state: app.state.rawValue
        case .reason: app.reason.rawValue
        case .registered: app.registered
        case .hasPasscode: app.hasPasscode
        case .passcodeKind: app.passcodeKind?.rawValue ?? ""
        case .passcodeSource: app.passcodeSource.rawValue
        case .failedAttempts: Int(app.failedAttempts)
        case .maxFailedAttempts: Int(app.maxFailedAttempts ?? 0)
        case .retryAfter: app.retryAfter
        case .inhibited: app.inhibited
        case .policy: app.policy.mapValues(json)
        }
    }

    /// `Key=value` lines in the syntax of applock.conf: the keys this build knows in SPEC order, then any others
    /// (from a newer agent) sorted by name.
    static func policyLines(_ policy: [String: PolicyValue]) -> [String] {
        let known = PolicyKey.all.map(\.name).filter { policy[$0] != nil }
        let others = policy.keys.filter { PolicyKey.named($0) == nil }.sorted()
        return (known + others).compactMap { name in policy[name].map { "\(name)=\($0.keyFileText)" } }
    }

    /// A policy value for ``JSONText``.
    static func json(_ value: PolicyValue) -> Any {
        switch value {
        case .bool(let flag): flag
        case .uint32(let number): Int(number)
        case .string(let text): text
        case .stringArray(let texts): texts
        case .uint32Array(let numbers): numbers.map { Int($0) }
        }
    }

    /// A D-Bus property name as a JSON key: `HasPasscode` → `hasPasscode`, `AppId` → `appId`.
    static func jsonKey(_ propertyName: String) -> String {
        guard let first = propertyName.first else { return propertyName }
        return first.lowercased() + propertyName.dropFirst()
    }

    private static func yesNo(_ flag: Bool) -> String { flag ? "yes" : "no" }
}
