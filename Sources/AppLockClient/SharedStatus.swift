import Synchronization

/// The latest published status and the closed flag, readable from any thread.
final class SharedStatus: Sendable {
    struct Contents {
        var status = AppLockStatus.starting
        var closed = false
    }

    let contents = Mutex(Contents())
}
