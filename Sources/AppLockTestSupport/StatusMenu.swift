import AppLockProtocol
import Foundation

/// The guard's status item menu (`com.canonical.dbusmenu` at ``path``) as a panel uses it, through `gdbus` and
/// `dbus-send` on a ``TestEnvironment``'s bus: its layout, the id of an item by its label, and a click on an item.
public enum StatusMenu {
    /// The status item's object.
    public static let itemPath = "/StatusNotifierItem"
    /// The menu's object.
    public static let path = "/MenuBar"

    /// The guard's unique name on the bus (nil while it has none).
    public static func guardName(_ environment: TestEnvironment) -> String? {
        let result = environment.run([
            "dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.GetNameOwner", "string:\(GuardBusNames.busName)",
        ])
        return result.succeeded ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// The whole menu, `GetLayout` as gdbus prints it.
    public static func layout(_ environment: TestEnvironment) -> String {
        environment.call(destination: GuardBusNames.busName, path: path, method: "com.canonical.dbusmenu.GetLayout",
                         ["0", "@i -1", "@as []"]).stdout
    }

    /// The id of the item labelled `label` in a `GetLayout` answer as gdbus prints it (`(100, {'label': <'…'>, …`).
    public static func item(_ layout: String, _ label: String) -> Int32? {
        guard let at = layout.range(of: "{'label': <'\(label)'>") else { return nil }
        let before = layout[..<at.lowerBound]
        guard let open = before.lastIndex(of: "(") else { return nil }
        return Int32(before[before.index(after: open)...].prefix { $0.isNumber })
    }

    /// dbusmenu's `Event` "clicked" on item `id` of the guard `guardName`, sent with dbus-send; whether it was
    /// answered without an error.
    public static func click(_ environment: TestEnvironment, _ guardName: String, _ id: Int32?) -> Bool {
        guard let id else { return false }
        return environment.run([
            "dbus-send", "--session", "--print-reply", "--dest=\(guardName)", path, "com.canonical.dbusmenu.Event",
            "int32:\(id)", "string:clicked", "variant:int32:0", "uint32:0",
        ]).succeeded
    }

    /// Clicks the item labelled `label`, as the menu lays it out now; whether it was there and answered.
    public static func choose(_ label: String, _ environment: TestEnvironment) -> Bool {
        guard let guardName = guardName(environment) else { return false }
        return click(environment, guardName, item(layout(environment), label))
    }
}
