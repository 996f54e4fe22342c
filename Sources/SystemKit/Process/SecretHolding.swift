internal import CSystem
import Glibc

/// What a process that handles passcodes does first: no core file (`RLIMIT_CORE` 0) and not dumpable
/// (`PR_SET_DUMPABLE` 0), so neither a crash nor another process of the same user (ptrace, `/proc/PID/mem`) can read
/// a passcode out of its memory.
public enum SecretHolding {
    /// Forbids core dumps and tracing for the rest of the process's life; returns false when the kernel refused.
    @discardableResult
    public static func forbidMemoryReadout() -> Bool {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        let limited = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none) == 0
        return csystem_set_not_dumpable() == 0 && limited
    }
}
