import AppLockProtocol
import DBusKit

extension AppLockBusNames {
    /// The manager object's path (``AppLockBusNames/managerPath``) as DBusKit's checked type: the one conversion on
    /// the agent's side (`AppLockProtocolTests` holds the path valid).
    static let managerObjectPath = try! ObjectPath(managerPath)
}
