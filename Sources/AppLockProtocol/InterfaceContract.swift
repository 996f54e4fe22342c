/// One interface of the contract as plain data, keyed by D-Bus member name: what `dbus/<name>.xml` must declare,
/// no more and no less.
public struct InterfaceContract: Sendable, Hashable {
    /// The interface name.
    public let name: String
    public let methods: [String: MethodContract]
    public let signals: [String: [ProtocolArgument]]
    public let properties: [String: PropertyContract]

    /// `io.github.applock.AppLock1.Manager`.
    public static let manager = InterfaceContract(
        name: AppLockBusNames.managerInterface,
        methods: Dictionary(uniqueKeysWithValues: ManagerMethod.allCases.map { ($0.name, $0.contract) }),
        signals: Dictionary(uniqueKeysWithValues: ManagerSignal.allCases.map { ($0.name, $0.arguments) }),
        properties: Dictionary(uniqueKeysWithValues: ManagerProperty.allCases.map { ($0.name, $0.contract) })
    )

    /// `io.github.applock.AppLock1.Application`.
    public static let application = InterfaceContract(
        name: AppLockBusNames.applicationInterface,
        methods: [:],
        signals: [:],
        properties: Dictionary(uniqueKeysWithValues: ApplicationProperty.allCases.map { ($0.name, $0.contract) })
    )

    /// `io.github.applock.Guard1`: the guard's status.
    public static let guardStatus = InterfaceContract(
        name: GuardBusNames.statusInterface,
        methods: [:],
        signals: [:],
        properties: Dictionary(uniqueKeysWithValues: GuardProperty.allCases.map { ($0.name, $0.contract) })
    )

    /// `io.github.applock.Guard1.Compositor`: what the script inside the compositor calls.
    public static let guardCompositor = InterfaceContract(
        name: GuardBusNames.compositorInterface,
        methods: Dictionary(uniqueKeysWithValues: CompositorMethod.allCases.map { ($0.name, $0.contract) }),
        signals: [:],
        properties: [:]
    )

    /// Every interface stated in `dbus/`.
    public static let all = [manager, application, guardStatus, guardCompositor]

    /// The interface's `<interface>` element for `Introspect`, its methods' arguments in order, its members sorted by
    /// name (without the files' documentation or annotations).
    public var introspectionXML: String {
        var lines = ["<interface name=\"\(name)\">"]
        for (member, method) in methods.sorted(by: { $0.key < $1.key }) {
            lines.append("  <method name=\"\(member)\">")
            for argument in method.inputs { lines.append("    " + Self.argument(argument, direction: "in")) }
            for argument in method.outputs { lines.append("    " + Self.argument(argument, direction: "out")) }
            lines.append("  </method>")
        }
        for (member, arguments) in signals.sorted(by: { $0.key < $1.key }) {
            lines.append("  <signal name=\"\(member)\">")
            for argument in arguments { lines.append("    <arg name=\"\(argument.name)\" type=\"\(argument.type)\"/>") }
            lines.append("  </signal>")
        }
        for (member, property) in properties.sorted(by: { $0.key < $1.key }) {
            lines.append("  <property name=\"\(member)\" type=\"\(property.type)\" access=\"read\"/>")
        }
        lines.append("</interface>")
        return lines.joined(separator: "\n")
    }

    private static func argument(_ argument: ProtocolArgument, direction: String) -> String {
        "<arg name=\"\(argument.name)\" type=\"\(argument.type)\" direction=\"\(direction)\"/>"
    }
}
