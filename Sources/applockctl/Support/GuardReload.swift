import AppLockCore
import DBusKit
import Foundation
import Glibc

/// Makes applockd and applock-guard re-read the policy now: SIGHUP to the process owning each one's bus name.
enum GuardReload {
    static let guardBusName = "io.github.applock.Guard1"

    static func signal(_ client: AgentClient?) {
        guard let connection = client?.connection else { return }
        for name in [AppLockBusNames.busName, guardBusName] {
            guard let reply = try? connection.call(
                destination: "org.freedesktop.DBus", path: ObjectPath("/org/freedesktop/DBus"),
                interface: "org.freedesktop.DBus", member: "GetConnectionUnixProcessID", arguments: [.string(name)],
                timeout: .seconds(5)),
                let pid = reply.first?.uint32Value, pid > 1
            else { continue }
            _ = kill(pid_t(pid), SIGHUP)
        }
    }

    /// `$APPLOCK_LOCK_WINDOW`, else `applock-lock-window` next to applockctl, if it is there.
    static func lockWindowExecutable() -> String? {
        if let path = ProcessInfo.processInfo.environment["APPLOCK_LOCK_WINDOW"], !path.isEmpty { return path }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let path = me.deletingLastPathComponent().appendingPathComponent("applock-lock-window").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
