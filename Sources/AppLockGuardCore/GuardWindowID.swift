/// A window of the desktop as the guard's backend names it (an X window id on X11).
public struct GuardWindowID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    public var description: String { "0x" + String(rawValue, radix: 16) }

    public static func < (lhs: GuardWindowID, rhs: GuardWindowID) -> Bool { lhs.rawValue < rhs.rawValue }
}
