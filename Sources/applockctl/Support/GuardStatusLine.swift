import AppLockProtocol
import DBusKit

/// The guard's own word on the desktop it runs in (its status object, ``GuardBusNames``), for
/// `applockctl status`: "not running", or the desktop and whether apps are protected there.
enum GuardStatusLine {
    /// `(desktop, protected, statement)`, nil when no guard runs.
    static func read() -> (desktop: String, protected: Bool, statement: String)? {
        guard let connection = try? Connection.session() else { return nil }
        defer { connection.close() }
        guard let reply = try? connection.call(
            destination: GuardBusNames.busName, path: ObjectPath(GuardBusNames.statusPath),
            interface: StandardInterfaces.properties, member: "GetAll", arguments: [.string(GuardBusNames.statusInterface)],
            timeout: .seconds(5)),
            let entries = reply.first?.dictionaryValue
        else { return nil }
        var values: [String: DBusValue] = [:]
        for (key, value) in entries {
            if let name = key.stringValue { values[name] = value.variantValue ?? value }
        }
        guard let desktop = values[GuardProperty.desktop.name]?.stringValue,
              let protected = values[GuardProperty.protected.name]?.boolValue
        else { return nil }
        return (desktop, protected, values[GuardProperty.statement.name]?.stringValue ?? "")
    }

    /// One line: `applock-guard on sway: guarding apps on sway (IPC)`, or that it is not running.
    static func text() -> String {
        guard let status = read() else { return "applock-guard is not running" }
        return "applock-guard on \(status.desktop): \(status.statement)"
    }
}
