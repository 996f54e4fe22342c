internal import CGtk

/// A GLib timer on the main loop that calls its handler every `interval` until cancelled or released.
@MainActor
public final class RepeatingTimer {
    private nonisolated(unsafe) var sourceID: guint

    /// Starts the timer; the first call comes one `interval` from now.
    public init(every interval: Duration, _ handler: @escaping @MainActor () -> Void) {
        let milliseconds = guint(clamping: interval.components.seconds * 1000
            + interval.components.attoseconds / 1_000_000_000_000_000)
        let box = Unmanaged.passRetained(TimerBox(handler)).toOpaque()
        sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            let box = Unmanaged<TimerBox>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler() }
            return 1
        }, box, { data in
            Unmanaged<TimerBox>.fromOpaque(data!).release()
        })
    }

    deinit {
        if sourceID != 0 { g_source_remove(sourceID) }
    }

    /// Stops the timer (idempotent).
    public func cancel() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }
}

/// A timer's handler handed through `user_data`.
private final class TimerBox: Sendable {
    let handler: @MainActor @Sendable () -> Void

    init(_ handler: @escaping @MainActor @Sendable () -> Void) {
        self.handler = handler
    }
}
