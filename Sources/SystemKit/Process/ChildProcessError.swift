/// Why talking to a `ChildProcess` failed.
public enum ChildProcessError: Error, Equatable, Sendable {
    /// `posix_spawn` (or making its pipes) failed with this errno.
    case spawn(Int32)
    /// The child closed its end of the pipe (or exited).
    case closed
    /// The deadline passed first.
    case timedOut
    /// The child wrote more than the caller's limit.
    case tooMuchOutput
    /// A read, write or poll failed with this errno.
    case io(Int32)
}
