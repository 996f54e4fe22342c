public import AppLockCore
import AppLockGuard
import SystemKit

/// What `/proc` says about a window's process: the app its launcher named, and its parent.
public enum ProcessFacts {
    /// The app id from the process's systemd scope, then from `GIO_LAUNCHED_DESKTOP_FILE`.
    public static func launchedApp(of pid: Int32) -> AppID? {
        if let cgroup = try? TextFiles.read("/proc/\(pid)/cgroup"), let app = AppIdentity.fromCgroup(cgroup) {
            return app
        }
        if let environ = try? TextFiles.read("/proc/\(pid)/environ") {
            return AppIdentity.fromEnvironment(Array(environ.utf8))
        }
        return nil
    }

    /// The parent process id (`/proc/PID/stat`'s fourth field, after the parenthesised name).
    static func parent(of pid: Int32) -> Int32? {
        guard let text = try? TextFiles.read("/proc/\(pid)/stat") else { return nil }
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = Int32(fields[1]), parent > 0 else { return nil }
        return parent
    }

    /// The process and its ancestors up to (not including) init.
    public static func lineage(of pid: Int32) -> [Int32] {
        var chain: [Int32] = []
        var current: Int32? = pid
        while let p = current, p > 1, chain.count < 64 {
            chain.append(p)
            current = parent(of: p)
        }
        return chain
    }
}
