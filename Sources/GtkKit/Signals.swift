internal import CGtk

/// Connects Swift closures to GObject signals. Each closure lives in a ``HandlerBox`` that GLib owns: it is
/// released when the handler is disconnected or the object finalized. Handlers run on the main thread.
enum Signals {
    typealias Action = @MainActor @Sendable () -> Void
    typealias Predicate = @MainActor @Sendable () -> Bool
    typealias KeyHandler = @MainActor @Sendable (_ keyval: UInt32, _ modifiers: UInt32) -> Bool
    typealias RawEventHandler = @MainActor @Sendable (_ event: UnsafeRawPointer) -> Bool

    /// A signal whose C handler is `void (*)(GObject *, gpointer)`.
    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, action: @escaping Action) {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let box = Unmanaged<HandlerBox<Action>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.handler() }
        }
        connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), HandlerBox(action))
    }

    /// A signal whose C handler is `gboolean (*)(GObject *, gpointer)`; true stops the default handling.
    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, predicate: @escaping Predicate) {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            let box = Unmanaged<HandlerBox<Predicate>>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.handler() } ? 1 : 0
        }
        connect(
            instance, signal, unsafeBitCast(trampoline, to: GCallback.self), HandlerBox(predicate))
    }

    /// GtkEventControllerKey's `key-pressed`: `gboolean (*)(controller, keyval, keycode, state, gpointer)`.
    static func connectKeyPressed(_ instance: UnsafeMutableRawPointer, _ handler: @escaping KeyHandler) {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, guint, guint, guint, UnsafeMutableRawPointer?)
            -> gboolean = { _, keyval, _, state, data in
                let box = Unmanaged<HandlerBox<KeyHandler>>.fromOpaque(data!).takeUnretainedValue()
                return MainActor.assumeIsolated { box.handler(keyval, state) } ? 1 : 0
            }
        connect(
            instance, "key-pressed", unsafeBitCast(trampoline, to: GCallback.self), HandlerBox(handler))
    }

    /// GdkX11Display's `xevent`: `gboolean (*)(display, XEvent *, gpointer)`; true stops GDK's own handling.
    static func connectXEvent(_ instance: UnsafeMutableRawPointer, _ handler: @escaping RawEventHandler) {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?)
            -> gboolean = { _, event, data in
                guard let event else { return 0 }
                let box = Unmanaged<HandlerBox<RawEventHandler>>.fromOpaque(data!).takeUnretainedValue()
                nonisolated(unsafe) let address = UnsafeRawPointer(event)
                return MainActor.assumeIsolated { box.handler(address) } ? 1 : 0
            }
        connect(
            instance, "xevent", unsafeBitCast(trampoline, to: GCallback.self), HandlerBox(handler))
    }

    private static func connect<Handler: Sendable>(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ callback: GCallback, _ box: HandlerBox<Handler>
    ) {
        _ = applock_signal_connect(instance, signal, callback, Unmanaged.passRetained(box).toOpaque()) { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }
}
