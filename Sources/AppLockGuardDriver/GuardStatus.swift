public import AppLockGuard
import AppLockProtocol
public import DBusKit

/// What the guard tells the session about itself, on its own bus name (``GuardBusNames``, status object
/// ``GuardBusNames/statusPath``): the desktop it runs in, whether it can protect apps there, and that in one
/// sentence (``GuardProperty``). `applockctl status` reads it.
public enum GuardStatus {
    /// Takes the guard's bus name on `bus` (one guard per session) and exports the status object for `desktop`.
    public static func publish(on bus: Connection, desktop: GuardDesktop) throws {
        try bus.requestName(GuardBusNames.busName)
        export(on: bus, desktop: desktop)
    }

    private static func export(on bus: Connection, desktop: GuardDesktop) {
        let properties = GuardProperty.allCases.map { "      <property name=\"\($0.name)\" type=\"\($0.contract.type)\" access=\"read\"/>" }
        let interface = ExportedInterface(
            name: GuardBusNames.statusInterface,
            xml: """
                <interface name="\(GuardBusNames.statusInterface)">
                \(properties.joined(separator: "\n"))
                </interface>
                """,
            properties: {
                GuardProperty.allCases.map { property -> (String, DBusValue) in
                    switch property {
                    case .desktop: (property.name, .string(desktop.description))
                    case .protected: (property.name, .boolean(desktop.isProtected))
                    case .statement: (property.name, .string(desktop.statement))
                    }
                }
            })
        bus.export(BasicExportedObject(interfaces: [interface]), at: try! ObjectPath(GuardBusNames.statusPath))
    }
}
