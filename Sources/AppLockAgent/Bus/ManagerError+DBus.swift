import AppLockCore
import AppLockProtocol
import DBusKit

extension ManagerError {
    /// The D-Bus error a caller receives: `io.github.applock.AppLock1.Error.<Name>` and one sentence.
    var dbusError: DBusError {
        DBusError(name: agentError.dbusName, message: message)
    }
}

extension AppID {
    /// Parses a caller's app id; a bad one is an `InvalidArgument` that says what is wrong.
    static func argument(_ string: String) throws(ManagerError) -> AppID {
        do {
            return try AppID(string)
        } catch {
            throw .invalidArgument("\(error)")
        }
    }

    /// The app's object path, `/io/github/applock/AppLock1/app/<label>`.
    var objectPath: ObjectPath {
        // The label is made only of [A-Za-z0-9_], so the path is always valid.
        try! ObjectPath(AppLockBusNames.applicationPathPrefix + objectPathLabel)
    }
}
