/// A mutable value handed between threads where the handing-over orders the accesses (a semaphore, or the
/// connection's loop thread alone touching it).
final class UncheckedCell<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
