internal import CGtk

/// GLib's main loop on the main thread: GTK's events, GtkKit's timers and work posted with ``post(_:)``.
@MainActor
public final class MainLoop {
    private nonisolated(unsafe) let loop: OpaquePointer

    public init() {
        loop = g_main_loop_new(nil, 0)
    }

    deinit {
        g_main_loop_unref(loop)
    }

    /// Runs until ``quit()``.
    public func run() {
        g_main_loop_run(loop)
    }

    /// Makes ``run()`` return.
    public func quit() {
        g_main_loop_quit(loop)
    }

    /// Runs `work` on the main thread, from the main loop, soon. Callable from any thread.
    public nonisolated static func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        let box = Unmanaged.passRetained(CallbackBox(work)).toOpaque()
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            let box = Unmanaged<CallbackBox>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.work() }
            return 0
        }, box, { data in
            Unmanaged<CallbackBox>.fromOpaque(data!).release()
        })
    }
}

/// A closure handed through GLib's `gpointer user_data`.
final class CallbackBox: Sendable {
    let work: @Sendable @MainActor () -> Void

    init(_ work: @escaping @Sendable @MainActor () -> Void) {
        self.work = work
    }
}
