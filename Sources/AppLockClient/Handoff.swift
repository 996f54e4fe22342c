import SystemKit

/// Carries the session core from its new thread back to `AppLockSession.init`, which waits on a semaphore that the
/// thread signals after writing (so the write happens before the read).
final class Handoff: @unchecked Sendable {
    var core: LoopBound<LoopSession>?
}
