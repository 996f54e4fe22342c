import DBusKit
import Glibc
import SystemKit

/// The process behind a session-bus caller, as polkit must see it: a `unix-process` subject.
///
/// Why not a `system-bus-name` subject: the caller's unique name lives on the *session* bus, and polkit
/// resolves a `system-bus-name` on the system bus, where that name is unknown (or another connection's).
/// The pid and uid come from the session bus daemon (`GetConnectionCredentials`), which took them from the
/// socket when the caller connected; the start time from `/proc/PID/stat` pins the pid to that one process, so
/// polkit refuses the check if the pid was reused meanwhile. The uid is passed so polkit does not look it up in
/// `/proc` itself (the race of CVE-2013-4288).
struct CallerProcess: Sendable, Equatable {
    let pid: UInt32
    let uid: UInt32
    /// Field 22 of `/proc/PID/stat`: clock ticks since boot when the process started.
    let startTime: UInt64
    /// `/proc/PID/exe`, for the log; empty when it cannot be read.
    let executable: String

    /// Reads the start time and executable of `pid` from `/proc`; nil when the process is gone.
    static func read(pid: UInt32, uid: UInt32) -> CallerProcess? {
        guard let text = try? TextFiles.read("/proc/\(pid)/stat", limit: 4096),
              let startTime = startTime(fromStat: text)
        else { return nil }
        return CallerProcess(pid: pid, uid: uid, startTime: startTime, executable: executable(of: pid))
    }

    /// Field 22 of a `/proc/PID/stat` line. The command name (field 2) is in parentheses and may itself hold
    /// spaces and parentheses, so counting starts after the last `)`.
    static func startTime(fromStat text: String) -> UInt64? {
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        // fields[0] is field 3 (state), so field 22 is fields[19].
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }

    private static func executable(of pid: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/\(pid)/exe", $0.baseAddress!, $0.count - 1) }
        guard count > 0 else { return "" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// polkit's `(sa{sv})` subject for this process.
    var polkitSubject: DBusValue {
        .structure([
            .string("unix-process"),
            .dictionary(key: try! Signature("s"), value: try! Signature("v"), [
                DictionaryEntry(key: .string("pid"), value: .variant(.uint32(pid))),
                DictionaryEntry(key: .string("start-time"), value: .variant(.uint64(startTime))),
                DictionaryEntry(key: .string("uid"), value: .variant(.int32(Int32(bitPattern: uid)))),
            ]),
        ])
    }
}
