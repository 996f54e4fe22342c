/// Hands a connection made on one thread to the one thread that uses it from then on.
struct UncheckedHandoff<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
