import AppLockClient
import Foundation

/// Finds the window that sets a passcode, for `applockctl guard add`.
enum GuardReload {
    /// `$APPLOCK_LOCK_WINDOW`, else `applock-lock-window` next to applockctl, if it is there.
    static func lockWindowExecutable() -> String? {
        if let path = ProcessInfo.processInfo.environment["APPLOCK_LOCK_WINDOW"], !path.isEmpty { return path }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let path = me.deletingLastPathComponent().appendingPathComponent("applock-lock-window").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
