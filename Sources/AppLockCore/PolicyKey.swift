/// One policy key, described once: its name in files and on the bus, its value type and range, its default, which
/// value is stricter, the `[Mandatory]` key that limits it and the words a person reads about it. The file
/// parser, the administrator's clamp, the weakening rules, the agent's `Policy` property, applockctl and AppLock
/// Settings all read ``all``. Adding a key is a field of ``Policy`` and one entry in ``all``.
public struct PolicyKey: Sendable {
    /// The key's name in `[Policy]` files and in the agent's `Policy` property.
    public let name: String
    public let type: PolicyValueType
    /// The numbers a user's file may give (number keys).
    public let range: ClosedRange<UInt32>
    public let strictness: PolicyStrictness
    /// The administrator's key for it, nil when `[Mandatory]` does not limit it.
    public let mandatory: MandatoryKey?
    /// Whether a user's `[Policy]` file may set it (false: only the administrator's `[Mandatory]` can).
    public let userSettable: Bool
    /// A short title (GNOME's wording).
    public let label: String
    /// What happens, in one sentence without a full stop.
    public let explanation: String
    let path: any PartialKeyPath<Policy> & Sendable
    private let read: @Sendable (Policy) -> PolicyValue
    private let write: @Sendable (inout Policy, PolicyValue) -> Void

    init<Value: PolicyValueConvertible>(
        _ name: String, _ path: any WritableKeyPath<Policy, Value> & Sendable, _ type: PolicyValueType,
        range: ClosedRange<UInt32> = 0...UInt32.max, strictness: PolicyStrictness, mandatory: MandatoryKey?,
        userSettable: Bool = true, label: String, explanation: String
    ) {
        self.name = name
        self.type = type
        self.range = range
        self.strictness = strictness
        self.mandatory = mandatory
        self.userSettable = userSettable
        self.label = label
        self.explanation = explanation
        self.path = path
        read = { $0[keyPath: path].policyValue }
        write = { policy, value in
            if let typed = Value(policyValue: value) { policy[keyPath: path] = typed }
        }
    }

    /// The built-in default (``Policy/defaults``).
    public var defaultValue: PolicyValue { read(.defaults) }

    /// The key's value in `policy`.
    public func value(in policy: Policy) -> PolicyValue { read(policy) }

    /// Sets the key in `policy`; a value of another type changes nothing.
    public func set(_ value: PolicyValue, in policy: inout Policy) { write(&policy, value) }

    /// The key described by `name` as a `[Policy]` file or the bus spells it.
    public static func named(_ name: String) -> PolicyKey? {
        all.first { $0.name == name }
    }

    /// The key whose value is `path` of ``Policy``.
    static func at(_ path: AnyKeyPath) -> PolicyKey? {
        all.first { $0.path == path }
    }

    /// What `mandatory` does to this key, as a settings screen shows it: a value it fixes, or a most it allows;
    /// nil when it leaves the key to the user or limits it in another way (a floor, a list).
    public func limit(by mandatory: MandatoryPolicy) -> MandatoryLimit? {
        guard self.mandatory?.scope == .everyApp, let value = mandatory.limits[name] else { return nil }
        switch (strictness, value) {
        case (.strictest(let strictest), _): return value == strictest ? .fixed(value) : nil
        case (.laterIn(let order), _): return value == order.last ? .fixed(value) : nil
        case (.smaller, .uint32(let most)), (.smallerWithZeroAsNever, .uint32(let most)): return .atMost(most)
        default: return nil
        }
    }
}
