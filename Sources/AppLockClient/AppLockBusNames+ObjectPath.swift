import AppLockProtocol
package import DBusKit

extension AppLockBusNames {
    /// The manager object's path (``AppLockBusNames/managerPath``) as DBusKit's checked type: the one conversion on
    /// the clients' side, which the guard uses too (the agent has its own; `AppLockProtocolTests` holds the path
    /// valid).
    package static let managerObjectPath = try! ObjectPath(managerPath)

    /// The bus daemon's own object.
    static var busDaemonPath: ObjectPath {
        try! ObjectPath("/org/freedesktop/DBus")
    }

    /// The object path of an app's object; the label is made only of `[A-Za-z0-9_]`, so it is valid for any
    /// non-empty id.
    static func applicationObjectPath(for appID: AppID) -> ObjectPath {
        try! ObjectPath(applicationPath(for: appID.rawValue))
    }
}
