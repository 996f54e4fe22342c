import Glibc

/// Puts a bench observer (a thread that notes the moment a signal arrives or a window maps) under `SCHED_FIFO` when
/// the system allows it, so that the moment it notes is the moment the event reached it, not the moment a CPU came
/// free. On two CPUs a screen locker starting on the same `Lock` held a normal-priority observer off for a whole
/// scheduler slice (about 3 ms, seen with `perf sched timehist`), and that wait was counted as the guard's.
enum ObserverPriority {
    /// Raises the calling thread; false when not permitted (neither root, `CAP_SYS_NICE` nor `RLIMIT_RTPRIO`).
    static func raiseCurrentThread() -> Bool {
        var parameters = sched_param(sched_priority: 10)
        return pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0
    }
}
