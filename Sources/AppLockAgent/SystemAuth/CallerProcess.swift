import DBusKit
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
        guard let pid = Int32(exactly: pid), let stat = ProcessFiles.stat(of: pid) else { return nil }
        return CallerProcess(
            pid: UInt32(pid), uid: uid, startTime: stat.startTime, executable: ProcessFiles.executable(of: pid) ?? "")
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
