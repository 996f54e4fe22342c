import AppLockClient

/// Everything the demo's main loop reacts to, from every source, in one stream.
enum DemoEvent: Sendable {
    case input([UInt8])
    case inputClosed
    case status(AppLockStatus)
    case sessionResignedActive
    case sessionBecameActive
    case requestFinished(Result<Void, AppLockError>)
    case tick
}
