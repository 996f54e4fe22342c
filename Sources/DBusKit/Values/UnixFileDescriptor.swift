import Glibc
import Synchronization

/// An owned Unix file descriptor (D-Bus type `h`). Closed by ``close()`` or when the object goes away.
public final class UnixFileDescriptor: @unchecked Sendable, Equatable, CustomStringConvertible {
    private let fd: Mutex<Int32>

    /// Takes ownership of `fd` (it will be closed by this object).
    public init(takingOwnership fd: Int32) {
        self.fd = Mutex(fd)
    }

    /// Duplicates `fd` (close-on-exec); the caller keeps its own descriptor.
    public init(duplicating fd: Int32) throws(DBusConnectionError) {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else { throw .system("fcntl(F_DUPFD_CLOEXEC)", errno) }
        self.fd = Mutex(copy)
    }

    deinit { close() }

    /// The descriptor, or nil once closed.
    public var rawValue: Int32? {
        fd.withLock { $0 >= 0 ? $0 : nil }
    }

    /// Gives the descriptor to the caller, who must close it; this object no longer owns it.
    public func take() -> Int32? {
        fd.withLock { value in
            defer { value = -1 }
            return value >= 0 ? value : nil
        }
    }

    /// Closes the descriptor (idempotent).
    public func close() {
        if let value = take() { _ = Glibc.close(value) }
    }

    public var description: String { rawValue.map { "fd \($0)" } ?? "fd (closed)" }

    /// Identity: two wrappers are equal only if they are the same object.
    public static func == (lhs: UnixFileDescriptor, rhs: UnixFileDescriptor) -> Bool { lhs === rhs }
}
