/// An X window id (an XID), as any X client names a window.
public struct X11Window: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let id: UInt32

    public init(_ id: UInt32) { self.id = id }

    public var description: String { "0x" + String(id, radix: 16) }

    public static func < (lhs: X11Window, rhs: X11Window) -> Bool { lhs.id < rhs.id }
}
