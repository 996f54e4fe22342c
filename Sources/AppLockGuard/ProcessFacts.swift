import AppLockCore
import AppLockGuardCore
public import AppLockProtocol
import SystemKit

/// What `/proc` says about a window's process: the app its launcher named.
public enum ProcessFacts {
    /// The app id from the process's systemd scope, then from `GIO_LAUNCHED_DESKTOP_FILE`.
    public static func launchedApp(of pid: Int32) -> AppID? {
        if let cgroup = ProcessFiles.text("cgroup", of: pid), let app = AppIdentity.fromCgroup(cgroup) {
            return app
        }
        return ProcessFiles.text("environ", of: pid).flatMap { AppIdentity.fromEnvironment(Array($0.utf8)) }
    }
}
