import Glibc

/// Runs submitted jobs first-in first-out on a fixed number of worker threads, so that at most `workerCount`
/// jobs (for example Argon2id hashes of 64 MiB each, or blocking libsecret calls) run at once.
///
/// Extra jobs wait their turn in the queue; idle workers sleep on a condition variable (no polling).
/// Releasing the queue lets the workers finish the jobs already submitted, then they exit.
public final class BoundedWorkQueue: Sendable {
    /// The number of worker threads started, i.e. the most jobs that run at the same time.
    public let workerCount: Int
    private let state: WorkQueueState

    /// Starts `workers` threads (at least one; default 2), or as many as the system allows; throws
    /// ``WorkQueueError/noThread(errno:)`` when it allows none.
    public init(workers: Int = 2) throws(WorkQueueError) {
        state = WorkQueueState()
        var started = 0
        var lastError: Int32 = 0
        for _ in 0..<max(1, workers) {
            let status = state.startWorker()
            if status == 0 { started += 1 } else { lastError = status }
        }
        guard started > 0 else { throw .noThread(errno: lastError) }
        workerCount = started
    }

    deinit {
        state.stop()
    }

    /// Queues `job`; it runs on one of the workers after every job submitted before it has started.
    public func submit(_ job: @escaping @Sendable () -> Void) {
        state.enqueue(job)
    }
}
