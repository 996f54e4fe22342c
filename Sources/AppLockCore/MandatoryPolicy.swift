public import AppLockProtocol
/// The administrator's limits (`/etc/applock/policy.conf`, group `[Mandatory]`); a key not given sets no limit.
/// Each limit is kept under the name of the policy key it limits (``PolicyKey/mandatory`` names its `[Mandatory]`
/// key), and reads as a property of ``Policy``: `mandatory.gracePeriod` is `MaximumGracePeriod`,
/// `mandatory.lockOnSuspend` is `RequireLockOnSuspend`.
@dynamicMemberLookup
public struct MandatoryPolicy: Equatable, Sendable {
    /// The administrator's value for each policy key it limits, by the policy key's name.
    public private(set) var limits: [String: PolicyValue] = [:]

    /// The group these keys live in.
    public static let groupName = "Mandatory"

    /// No limits.
    public init() {}

    /// The limits `build` sets, e.g. `MandatoryPolicy { $0.allowInhibit = false }`.
    public init(_ build: (inout MandatoryPolicy) -> Void) {
        build(&self)
    }

    /// The administrator's value for the key at `path` of ``Policy``, nil when it sets none.
    public subscript<Value: PolicyValueConvertible>(dynamicMember path: WritableKeyPath<Policy, Value>) -> Value? {
        get { PolicyKey.at(path).flatMap { limits[$0.name] }.flatMap(Value.init(policyValue:)) }
        set { if let key = PolicyKey.at(path) { limits[key.name] = newValue?.policyValue } }
    }

    /// Apps `applock-guard` must protect whatever the user's files say (`Guard=` list of app ids).
    public var guardedApps: [AppID]? {
        get {
            guard case .stringArray(let names)? = limits[PolicyKey.guarded.name] else { return nil }
            return names.compactMap { try? AppID($0) }
        }
        set { limits[PolicyKey.guarded.name] = newValue.map { .stringArray($0.map(\.rawValue)) } }
    }

    /// The administrator's value for `key` as it applies to `app`: for a key limited by a list of apps, the
    /// key's strictest value when the list names `app`.
    func limit(on key: PolicyKey, for app: AppID?) -> PolicyValue? {
        guard let mandatory = key.mandatory, let value = limits[key.name] else { return nil }
        switch mandatory.scope {
        case .everyApp:
            return value
        case .listedApps:
            guard let app, case .stringArray(let names) = value, names.contains(app.rawValue),
                  case .strictest(let strictest) = key.strictness else { return nil }
            return strictest
        }
    }

    /// Parses a whole administrator policy file's text (a syntax error and a bad value are both a `KeyFileError`).
    public static func parse(_ text: String, fileName: String) throws(KeyFileError) -> MandatoryPolicy {
        try parse(KeyFile.parse(text, fileName: fileName))
    }

    /// Reads the `[Mandatory]` group (absent = no limits). Other groups and `X-` keys are ignored.
    public static func parse(_ keyFile: KeyFile) throws(KeyFileError) -> MandatoryPolicy {
        var policy = MandatoryPolicy()
        guard let group = keyFile.group(groupName) else { return policy }
        for entry in group.entries {
            let parser = PolicyFieldParser(file: keyFile.fileName, entry: entry)
            if let key = PolicyKey.all.first(where: { $0.mandatory?.name == entry.key }), let mandatory = key.mandatory {
                let type = mandatory.scope == .listedApps ? PolicyValueType.appIDs : key.type
                policy.limits[key.name] = try parser.value(type, range: mandatory.range)
            } else if !entry.key.hasPrefix("X-") {
                throw parser.fail("unknown key in [\(groupName)]")
            }
        }
        return policy
    }
}
