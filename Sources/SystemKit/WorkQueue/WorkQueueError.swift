/// Why a ``BoundedWorkQueue`` could not start.
public enum WorkQueueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `pthread_create` refused every worker thread (its error number: threads or memory exhausted).
    case noThread(errno: Int32)

    public var description: String {
        switch self {
        case .noThread(let errno): "cannot start a worker thread (pthread_create error \(errno))"
        }
    }
}
