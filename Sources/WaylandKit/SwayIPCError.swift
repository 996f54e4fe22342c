/// A failure talking to sway over its IPC socket.
public struct SwayIPCError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
