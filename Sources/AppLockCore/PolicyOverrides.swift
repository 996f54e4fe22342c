/// The keys one policy file (`applock.conf` or `apps.d/<app_id>.conf`, group `[Policy]`) sets; nil = not set.
/// Read a key as a property of ``Policy``: `overrides.gracePeriod` is the file's `GracePeriod`, nil when unset.
@dynamicMemberLookup
public struct PolicyOverrides: Equatable, Sendable {
    /// The value of each key the file sets, by key name (``PolicyKey/name``).
    public private(set) var values: [String: PolicyValue] = [:]

    /// The group these keys live in.
    public static let groupName = "Policy"

    public init() {}

    /// Overrides that set every key of `policy` a user's file can set.
    public init(every policy: Policy) {
        for key in PolicyKey.all where key.userSettable { values[key.name] = key.value(in: policy) }
    }

    /// The file's value of the key at `path` of ``Policy``, nil when it does not set it.
    public subscript<Value: PolicyValueConvertible>(dynamicMember path: WritableKeyPath<Policy, Value>) -> Value? {
        get { PolicyKey.at(path).flatMap { values[$0.name] }.flatMap(Value.init(policyValue:)) }
        set { if let key = PolicyKey.at(path) { values[key.name] = newValue?.policyValue } }
    }

    /// Whether the file sets `key`.
    public func sets(_ key: PolicyKey) -> Bool { values[key.name] != nil }

    /// Reads the `[Policy]` group (absent = nothing set). Other groups are ignored; keys starting with `X-`
    /// are ignored (desktop-entry extension convention). Unknown keys and bad values are errors.
    public static func parse(_ keyFile: KeyFile) throws(KeyFileError) -> PolicyOverrides {
        var overrides = PolicyOverrides()
        guard let group = keyFile.group(groupName) else { return overrides }
        for entry in group.entries {
            let parser = PolicyFieldParser(file: keyFile.fileName, entry: entry)
            if let key = PolicyKey.named(entry.key), key.userSettable {
                overrides.values[key.name] = try parser.value(key.type, range: key.range)
            } else if !entry.key.hasPrefix("X-") {
                throw parser.fail("unknown key in [\(groupName)]")
            }
        }
        return overrides
    }

    /// Parses a whole policy file's text (a syntax error and a bad value are both a `KeyFileError`).
    public static func parse(_ text: String, fileName: String) throws(KeyFileError) -> PolicyOverrides {
        try parse(KeyFile.parse(text, fileName: fileName))
    }

    /// `base` with every key set here replacing its value (an empty list sets nothing).
    public func applied(to base: Policy) -> Policy {
        var policy = base
        for key in PolicyKey.all {
            if let value = values[key.name], !value.isEmptyList { key.set(value, in: &policy) }
        }
        return policy
    }
}
