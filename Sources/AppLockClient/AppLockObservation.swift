/// A subscription made with one of ``AppLockConnection``'s `observe…` methods; ``cancel()`` ends it (so does
/// closing the connection). Idempotent.
public final class AppLockObservation: Sendable {
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the handler and removes the match from the bus.
    public func cancel() {
        onCancel()
    }
}
