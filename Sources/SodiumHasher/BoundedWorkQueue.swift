import Glibc

/// Runs submitted jobs first-in first-out on a fixed number of worker threads, so that at most `workerCount`
/// jobs (for example Argon2id hashes of 64 MiB each, or blocking libsecret calls) run at once.
///
/// Extra jobs wait their turn in the queue; idle workers sleep on a condition variable (no polling).
/// Releasing the queue lets the workers finish the jobs already submitted, then they exit.
public final class BoundedWorkQueue: Sendable {
    /// The number of worker threads, i.e. the most jobs that run at the same time.
    public let workerCount: Int
    private let state: WorkQueueState

    /// Starts `workers` threads (at least one; default 2).
    public init(workers: Int = 2) {
        workerCount = max(1, workers)
        state = WorkQueueState()
        for _ in 0..<workerCount {
            state.startWorker()
        }
    }

    deinit {
        state.stop()
    }

    /// Queues `job`; it runs on one of the workers after every job submitted before it has started.
    public func submit(_ job: @escaping @Sendable () -> Void) {
        state.enqueue(job)
    }
}
