internal import CSecret
import Glibc

/// The state shared between a `CallDeadline` and its timer thread: sleeps on a monotonic-clock condition
/// variable until the deadline (then cancels the `GCancellable`) or until stopped.
final class DeadlineTimer: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private let deadline: timespec
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private var stopped = false
    private var didFire = false

    init(timeout: Duration, cancellable: UnsafeMutablePointer<GCancellable>) {
        self.cancellable = g_object_ref(cancellable).assumingMemoryBound(to: GCancellable.self)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = timeout.components
        var nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var wholeSeconds = Int(now.tv_sec) + Int(seconds)
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            wholeSeconds += 1
        }
        deadline = timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
        g_object_unref(cancellable)
    }

    /// Whether the deadline passed before `stop()`.
    var fired: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return didFire
    }

    /// The timer thread's body.
    func run() {
        pthread_mutex_lock(mutex)
        var deadline = self.deadline
        while !stopped {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT {
                didFire = !stopped
                break
            }
        }
        let fire = didFire
        pthread_mutex_unlock(mutex)
        if fire {
            g_cancellable_cancel(cancellable)
        }
    }

    /// Ends the wait early.
    func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }
}
