import AppLockCore
import AppLockGuard
import FoundationEssentials

/// What `/proc` says about a window's process: the app its launcher named, and its parent.
enum ProcessFacts {
    /// The app id from the process's systemd scope, then from `GIO_LAUNCHED_DESKTOP_FILE`.
    static func launchedApp(of pid: Int32) -> AppID? {
        if let cgroup = FileManager.default.contents(atPath: "/proc/\(pid)/cgroup"),
           let app = AppIdentity.fromCgroup(String(decoding: cgroup, as: UTF8.self))
        {
            return app
        }
        if let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") {
            return AppIdentity.fromEnvironment(Array(environ))
        }
        return nil
    }

    /// The parent process id (`/proc/PID/stat`'s fourth field, after the parenthesised name).
    static func parent(of pid: Int32) -> Int32? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = Int32(fields[1]), parent > 0 else { return nil }
        return parent
    }

    /// The process and its ancestors up to (not including) init.
    static func lineage(of pid: Int32) -> [Int32] {
        var chain: [Int32] = []
        var current: Int32? = pid
        while let p = current, p > 1, chain.count < 64 {
            chain.append(p)
            current = parent(of: p)
        }
        return chain
    }
}
