/// Carries a non-Sendable value across threads; it can only be read on its event loop's thread
/// (like swift-nio's `NIOLoopBound`).
public struct LoopBound<Value>: @unchecked Sendable {
    private let storage: Value
    /// The loop whose thread may read ``value``.
    public let loop: EventLoop

    /// Binds `value` to `loop`. Must be called on the loop thread.
    public init(_ value: Value, loop: EventLoop) {
        loop.preconditionInLoop()
        self.storage = value
        self.loop = loop
    }

    /// The value; traps when read off the loop thread.
    public var value: Value {
        loop.preconditionInLoop()
        return storage
    }
}
