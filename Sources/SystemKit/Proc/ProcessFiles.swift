/// What `/proc` tells about a process: its executable, its `stat` line, its other files. One reader and one
/// `stat` parser for the agent (polkit subjects), the guard (window → process → app) and the tools (sibling
/// executables).
public enum ProcessFiles {
    /// `/proc/PID/exe`: the process's executable; nil when the process is gone or not ours to read.
    public static func executable(of pid: Int32) -> String? {
        SmallFiles.linkTarget(of: "/proc/\(pid)/exe")
    }

    /// `/proc/self/exe`: this process's executable.
    public static func ownExecutable() -> String? {
        SmallFiles.linkTarget(of: "/proc/self/exe")
    }

    /// The folder holding this process's executable, where its sibling programs are installed.
    public static func ownExecutableFolder() -> String? {
        ownExecutable().flatMap(SmallFiles.folder(of:))
    }

    /// The text of `/proc/PID/NAME` (`cgroup`, `environ`, …); nil when the process is gone.
    public static func text(_ name: String, of pid: Int32, limit: Int = 1 << 20) -> String? {
        SmallFiles.text(at: "/proc/\(pid)/\(name)", limit: limit)
    }

    /// `/proc/PID/stat`, parsed; nil when the process is gone.
    public static func stat(of pid: Int32) -> ProcessStat? {
        text("stat", of: pid, limit: 4096).flatMap(ProcessStat.init(parsing:))
    }

    /// The processes `pid` descends from, its parent first, up to (not including) init; at most 63.
    public static func ancestors(of pid: Int32) -> [Int32] {
        var chain: [Int32] = []
        var current = stat(of: pid)?.parent
        while let parent = current, parent > 1, chain.count < 63 {
            chain.append(parent)
            current = stat(of: parent)?.parent
        }
        return chain
    }
}

/// The fields of a `/proc/PID/stat` line that AppLock uses.
public struct ProcessStat: Equatable, Sendable {
    /// Field 4: the parent's process id (0 for the first process).
    public let parent: Int32
    /// Field 22: clock ticks since boot when the process started.
    public let startTime: UInt64

    /// Parses a `stat` line. The command name (field 2) is in parentheses and may itself hold spaces and
    /// parentheses, so counting starts after the last `)`; nil when the line is not one.
    public init?(parsing text: String) {
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        // fields[0] is field 3 (state), so field 4 is fields[1] and field 22 is fields[19].
        guard fields.count > 19, let parent = Int32(fields[1]), let startTime = UInt64(fields[19]) else { return nil }
        self.parent = parent
        self.startTime = startTime
    }
}
