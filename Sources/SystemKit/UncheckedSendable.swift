/// Hands a value that is not `Sendable` to another thread, where the caller orders every access itself: the thread
/// it goes to is the only one using it from then on (an event loop's thread, a connection made on one thread and used
/// on another), or a hand-over (a semaphore, the loop thread alone touching it) orders the reads after the writes.
/// The one box of its kind in the package.
public final class UncheckedSendable<Value>: @unchecked Sendable {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }
}
