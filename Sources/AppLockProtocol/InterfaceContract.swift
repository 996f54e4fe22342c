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

    /// Every interface stated in `dbus/`.
    public static let all = [manager, application, guardStatus]
}
