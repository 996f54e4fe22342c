/// An absolute point in time at which an ``EventLoop`` timer fires.
public enum TimerDeadline: Sendable, Hashable {
    /// `CLOCK_BOOTTIME` nanoseconds (see ``EventLoop/bootTimeNanoseconds()``): monotonic, and time spent suspended
    /// counts, so a deadline that passed during suspend fires on resume; a change of the wall clock does not move it.
    case bootTime(nanoseconds: UInt64)
    /// `CLOCK_REALTIME` Unix time in microseconds (see ``EventLoop/wallClockMicroseconds()``); fires on time across suspend.
    case wallClock(unixMicroseconds: UInt64)

    /// A boot-time deadline `duration` from now.
    public static func after(_ duration: Duration) -> TimerDeadline {
        let (seconds, attoseconds) = duration.components
        let delta = max(0, seconds) &* 1_000_000_000 &+ max(0, attoseconds / 1_000_000_000)
        return .bootTime(nanoseconds: EventLoop.bootTimeNanoseconds() &+ UInt64(delta))
    }
}
