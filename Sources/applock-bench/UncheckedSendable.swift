/// Moves a value to another thread that the caller knows is the only one to use it.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
