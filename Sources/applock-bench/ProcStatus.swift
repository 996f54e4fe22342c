import Foundation

/// Numbers from `/proc/<pid>/status` and `/proc/<pid>/task/*/status`.
enum ProcStatus {
    /// A numeric field of one status file (`VmRSS` is in kB).
    static func value(_ key: String, pid: Int32, task: String? = nil) -> Int? {
        number(key, in: task.map { "/proc/\(pid)/task/\($0)/status" } ?? "/proc/\(pid)/status")
    }

    /// A field of `/proc/<pid>/smaps_rollup` in kB (`Pss`, `Private_Dirty`, …): the memory a process costs beyond
    /// what it shares with others.
    static func rollup(_ key: String, pid: Int32) -> Int? {
        number(key, in: "/proc/\(pid)/smaps_rollup")
    }

    private static func number(_ key: String, in file: String) -> Int? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return line.dropFirst(key.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
        }
        return nil
    }

    /// `key` summed over every thread of `pid` (e.g. `voluntary_ctxt_switches`).
    static func sumOverThreads(_ key: String, pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { $0 + (value(key, pid: pid, task: $1) ?? 0) }
    }

    /// How many threads `pid` has.
    static func threadCount(pid: Int32) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).count
    }
}
