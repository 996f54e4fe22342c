import AppLockClient

/// The demo's lock-window hooks: they only forward to the main loop.
struct DemoLifecycle: AppLockLifecycle {
    let events: AsyncStream<DemoEvent>.Continuation

    func sessionWillResignActive(whileLocked: Bool) {
        events.yield(.sessionResignedActive)
    }

    func sessionDidBecomeActive(whileLocked: Bool) {
        events.yield(.sessionBecameActive)
    }
}
