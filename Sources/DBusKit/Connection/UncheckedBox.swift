/// Moves a non-Sendable reference to the loop thread (only dereferenced there).
struct UncheckedBox<Value: AnyObject>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
