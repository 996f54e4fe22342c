/// An absolute point in time at which an ``EventLoop`` timer fires.
public enum TimerDeadline: Sendable, Hashable {
    /// `CLOCK_MONOTONIC` nanoseconds (see ``EventLoop/monotonicNanoseconds()``). Does not advance during suspend.
    case monotonic(nanoseconds: UInt64)
    /// `CLOCK_REALTIME` Unix time in microseconds (see ``EventLoop/wallClockMicroseconds()``); fires on time across suspend.
    case wallClock(unixMicroseconds: UInt64)

    /// A monotonic deadline `duration` from now.
    public static func after(_ duration: Duration) -> TimerDeadline {
        let (seconds, attoseconds) = duration.components
        let delta = max(0, seconds) &* 1_000_000_000 &+ max(0, attoseconds / 1_000_000_000)
        return .monotonic(nanoseconds: EventLoop.monotonicNanoseconds() &+ UInt64(delta))
    }
}
