internal import CSecret
import Glibc

/// A `GCancellable` that a helper thread cancels when a call to the Secret Service takes longer than allowed.
///
/// `finish()` stops the timer thread and reports whether the deadline fired; it must be called exactly once.
final class CallDeadline {
    /// Pass this to every libsecret call of the operation.
    let cancellable: UnsafeMutablePointer<GCancellable>
    private let timer: DeadlineTimer
    private var thread = pthread_t()

    init(timeout: Duration) {
        cancellable = g_cancellable_new()
        timer = DeadlineTimer(timeout: timeout, cancellable: cancellable)
        let context = Unmanaged.passRetained(timer).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<DeadlineTimer>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    /// Stops the timer; true when it had already cancelled the call.
    func finish() -> Bool {
        timer.stop()
        pthread_join(thread, nil)
        let fired = timer.fired
        g_object_unref(cancellable)
        return fired
    }
}
