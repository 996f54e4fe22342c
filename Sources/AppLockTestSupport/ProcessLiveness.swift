import Foundation
import Glibc

/// Answers whether a process id names a live (not zombie) process, and ends processes we started.
enum ProcessLiveness {
    /// True while `/proc/<pid>/stat` exists and the process is neither a zombie nor dead.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard pid > 0,
              let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else {
            return false
        }
        let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
        return state != "Z" && state != "X"
    }

    /// Sends SIGTERM, waits up to `grace` for the process to end, then SIGKILLs it. Returns once it is gone.
    @discardableResult
    static func stop(_ pid: pid_t, grace: Duration = .seconds(5)) -> Bool {
        guard isAlive(pid) else { return true }
        Glibc.kill(pid, SIGTERM)
        if waitUntil(timeout: grace, { !isAlive(pid) }) {
            return true
        }
        Glibc.kill(pid, SIGKILL)
        return waitUntil(timeout: .seconds(2)) { !isAlive(pid) }
    }
}
