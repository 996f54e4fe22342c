/// Wall-clock time as microseconds since the Unix epoch; the single clock used by the core.
public typealias UnixMicroseconds = UInt64

extension UInt64 {
    /// Microseconds in one second.
    package static let microsecondsPerSecond: UInt64 = 1_000_000
}
