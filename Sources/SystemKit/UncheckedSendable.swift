/// Hands a value that is not `Sendable` to another thread that the caller knows to be the only one using it from
/// then on (an event loop's thread, a connection made on one thread and used on another).
public struct UncheckedSendable<Value>: @unchecked Sendable {
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }
}
