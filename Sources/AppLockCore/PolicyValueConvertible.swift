/// A Swift type a policy key holds, and its ``PolicyValue`` form (how the agent publishes it and files spell it).
public protocol PolicyValueConvertible: Equatable, Sendable {
    var policyValue: PolicyValue { get }
    /// The typed value, nil when `policyValue` is of another type.
    init?(policyValue: PolicyValue)
}

/// An item of a list-valued policy key.
public protocol PolicyListItem: Equatable, Sendable {
    static func policyValue(of items: [Self]) -> PolicyValue
    static func items(of value: PolicyValue) -> [Self]?
}

extension Bool: PolicyValueConvertible {
    public var policyValue: PolicyValue { .bool(self) }
    public init?(policyValue: PolicyValue) {
        guard case .bool(let flag) = policyValue else { return nil }
        self = flag
    }
}

extension UInt32: PolicyValueConvertible, PolicyListItem {
    public var policyValue: PolicyValue { .uint32(self) }
    public init?(policyValue: PolicyValue) {
        guard case .uint32(let number) = policyValue else { return nil }
        self = number
    }

    public static func policyValue(of items: [UInt32]) -> PolicyValue { .uint32Array(items) }
    public static func items(of value: PolicyValue) -> [UInt32]? {
        guard case .uint32Array(let numbers) = value else { return nil }
        return numbers
    }
}

extension BackgroundRule: PolicyValueConvertible {
    public var policyValue: PolicyValue { .string(rawValue) }
    public init?(policyValue: PolicyValue) {
        guard case .string(let text) = policyValue else { return nil }
        self.init(rawValue: text)
    }
}

extension ScreenShareRule: PolicyValueConvertible {
    public var policyValue: PolicyValue { .string(rawValue) }
    public init?(policyValue: PolicyValue) {
        guard case .string(let text) = policyValue else { return nil }
        self.init(rawValue: text)
    }
}

extension PasscodeKind: PolicyListItem {
    public static func policyValue(of items: [PasscodeKind]) -> PolicyValue { .stringArray(items.map(\.rawValue)) }
    public static func items(of value: PolicyValue) -> [PasscodeKind]? {
        guard case .stringArray(let texts) = value else { return nil }
        let kinds = texts.compactMap(PasscodeKind.init(rawValue:))
        return kinds.count == texts.count ? kinds : nil
    }
}

extension Array: PolicyValueConvertible where Element: PolicyListItem {
    public var policyValue: PolicyValue { Element.policyValue(of: self) }
    public init?(policyValue: PolicyValue) {
        guard let items = Element.items(of: policyValue) else { return nil }
        self = items
    }
}
