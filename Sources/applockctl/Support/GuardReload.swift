import AppLockCore
import AppLockProtocol
import ArgumentParser
import DBusKit
import Foundation
import Glibc

/// What `applockctl guard` needs from the session bus, on a connection of its own: make applockd and applock-guard
/// re-read the policy now (SIGHUP to the process owning each one's bus name), and whether an app has a passcode.
struct GuardReload {
    static let guardBusName = "io.github.applock.Guard1"
    private let connection: Connection?

    init() {
        connection = try? Connection.session()
    }

    /// SIGHUP to applockd and applock-guard, those of them that run.
    func signal() {
        guard let connection else { return }
        for name in [AppLockBusNames.busName, Self.guardBusName] {
            guard let reply = try? connection.call(
                destination: "org.freedesktop.DBus", path: ObjectPath("/org/freedesktop/DBus"),
                interface: "org.freedesktop.DBus", member: "GetConnectionUnixProcessID", arguments: [.string(name)],
                timeout: .seconds(5)),
                let pid = reply.first?.uint32Value, pid > 1
            else { continue }
            _ = kill(pid_t(pid), SIGHUP)
        }
    }

    /// The app's `HasPasscode` (false when the agent knows nothing of it; nil when it cannot be asked).
    func hasPasscode(_ app: String) -> Bool? {
        guard let connection, let path = try? ObjectPath(AppLockBusNames.applicationPath(for: app)) else { return nil }
        do {
            let reply = try connection.call(
                destination: AppLockBusNames.busName, path: path, interface: "org.freedesktop.DBus.Properties",
                member: "Get", arguments: [.string(AppLockBusNames.applicationInterface), .string("HasPasscode")],
                timeout: .seconds(25))
            return reply.first?.unwrappingVariants.boolValue
        } catch let error as DBusError where error.name.hasSuffix(".UnknownObject") {
            return false
        } catch {
            return nil
        }
    }

    /// `$APPLOCK_LOCK_WINDOW`, else `applock-lock-window` next to applockctl, if it is there.
    static func lockWindowExecutable() -> String? {
        if let path = ProcessInfo.processInfo.environment["APPLOCK_LOCK_WINDOW"], !path.isEmpty { return path }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let path = me.deletingLastPathComponent().appendingPathComponent("applock-lock-window").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// A usage error unless `app` is a valid app id.
    static func validate(_ app: String) throws {
        do {
            _ = try AppID(app)
        } catch {
            throw ValidationError("'\(app)' is not a valid app id: \(error.description).")
        }
    }
}
