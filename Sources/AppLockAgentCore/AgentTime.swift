public import AppLockCore

/// Microseconds since boot on `CLOCK_BOOTTIME`: time spent suspended counts, a change of the wall clock does not.
public typealias BootMicroseconds = UInt64

/// The two clocks every input of the core carries: the wall clock, for lock-out ends (they must survive a reboot),
/// and boot time, for grace periods and idle limits (time in suspend counts; setting the wall clock does not move
/// them).
public struct AgentTime: Sendable, Hashable {
    /// Unix time in microseconds.
    public var wall: UnixMicroseconds
    /// Microseconds since boot.
    public var boot: BootMicroseconds

    public init(wall: UnixMicroseconds, boot: BootMicroseconds) {
        self.wall = wall
        self.boot = boot
    }

    /// `wallTime` (a past wall-clock instant, e.g. logind's IdleSinceHint) on the boot clock, as far as the two
    /// clocks agree now; a time in the future is now.
    public func bootTime(ofWallTime wallTime: UnixMicroseconds) -> BootMicroseconds {
        guard wallTime < wall else { return boot }
        return boot - min(boot, wall - wallTime)
    }
}
