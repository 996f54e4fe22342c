import Glibc

/// The shared state of a `BoundedWorkQueue`: a FIFO of jobs behind a pthread mutex and condition variable.
/// Workers hold it (not the queue), so releasing the queue can stop them.
final class WorkQueueState: @unchecked Sendable {
    typealias Job = @Sendable () -> Void

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var jobs: [Job] = []
    private var head = 0
    private var stopping = false

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Starts one detached worker thread that keeps `self` alive until it exits; returns pthread_create's error
    /// number when no thread could be started (threads exhausted), 0 on success.
    func startWorker() -> Int32 {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let status = pthread_create(&thread, &attributes, { context in
            let state = Unmanaged<WorkQueueState>.fromOpaque(context!).takeRetainedValue()
            state.runWorker()
            return nil
        }, context)
        pthread_attr_destroy(&attributes)
        if status != 0 { Unmanaged<WorkQueueState>.fromOpaque(context).release() }
        return status
    }

    func enqueue(_ job: @escaping Job) {
        withLock {
            jobs.append(job)
            pthread_cond_signal(condition)
        }
    }

    /// Lets the workers drain the queue and exit.
    func stop() {
        withLock {
            stopping = true
            pthread_cond_broadcast(condition)
        }
    }

    private func runWorker() {
        while let job = nextJob() {
            job()
        }
    }

    /// The oldest queued job; blocks while the queue is empty; nil once stopping and drained.
    private func nextJob() -> Job? {
        withLock {
            while head == jobs.count {
                if stopping {
                    return nil
                }
                pthread_cond_wait(condition, mutex)
            }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            return job
        }
    }

    private func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
