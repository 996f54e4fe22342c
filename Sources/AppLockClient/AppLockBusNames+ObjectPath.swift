import AppLockProtocol
import DBusKit

extension AppLockBusNames {
    /// The manager object's path.
    static var managerObjectPath: ObjectPath {
        // A constant, valid path.
        try! ObjectPath(managerPath)
    }

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
