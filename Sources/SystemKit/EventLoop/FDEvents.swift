/// Readiness reported for a watched file descriptor.
public struct FDEvents: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let readable = FDEvents(rawValue: 1 << 0)
    public static let writable = FDEvents(rawValue: 1 << 1)
    public static let error = FDEvents(rawValue: 1 << 2)
    public static let hangup = FDEvents(rawValue: 1 << 3)
}
