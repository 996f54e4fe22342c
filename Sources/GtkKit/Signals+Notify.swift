internal import CGtk

extension Signals {
    /// GObject's `notify::<property>`: `void (*)(GObject *, GParamSpec *, gpointer)`.
    static func connectNotify(_ instance: UnsafeMutableRawPointer, property: String, action: @escaping Action) {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?)
            -> Void = { _, _, data in
                let box = Unmanaged<HandlerBox<Action>>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { box.handler() }
            }
        _ = applock_signal_connect(
            instance, "notify::" + property, unsafeBitCast(trampoline, to: GCallback.self),
            Unmanaged.passRetained(HandlerBox(action)).toOpaque()
        ) { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }
}
