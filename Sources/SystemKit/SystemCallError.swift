/// A system call that failed: its name and errno.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call, e.g. `epoll_create1`.
    public let call: String
    /// Its errno.
    public let errno: Int32

    public init(_ call: String, _ errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call) failed (errno \(errno))" }
}
