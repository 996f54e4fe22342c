public import AppLockGuard
public import DBusKit

/// What the guard tells the session about itself, on its own bus name (`io.github.applock.Guard1`, object
/// `/io/github/applock/Guard1`): the desktop it runs in, whether it can protect apps there, and that in one
/// sentence. `applockctl status` reads it.
public enum GuardStatus {
    public static let objectPath = "/io/github/applock/Guard1"
    public static let interfaceName = "io.github.applock.Guard1"

    /// Exports the status object for `desktop` on `bus`.
    public static func export(on bus: Connection, desktop: GuardDesktop) {
        let interface = ExportedInterface(
            name: interfaceName,
            xml: """
                <interface name="\(interfaceName)">
                  <property name="Desktop" type="s" access="read"/>
                  <property name="Protected" type="b" access="read"/>
                  <property name="Statement" type="s" access="read"/>
                </interface>
                """,
            properties: {
                [
                    ("Desktop", .string(desktop.description)), ("Protected", .boolean(desktop.isProtected)),
                    ("Statement", .string(desktop.statement)),
                ]
            })
        bus.export(BasicExportedObject(interfaces: [interface]), at: try! ObjectPath(objectPath))
    }
}
