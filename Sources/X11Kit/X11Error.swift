/// A failure talking to the X server.
public struct X11Error: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
