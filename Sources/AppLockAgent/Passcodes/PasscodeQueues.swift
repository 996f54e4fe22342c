import AppLockCore

/// One FIFO of passcode operations per app: an operation starts only when the
/// one before it for the same app has finished, so two calls for one app
/// never verify at once (they cannot both count as one failure or unlock twice).
/// Operations for different apps run side by side.
struct PasscodeQueues {
    /// An operation; it calls `done` exactly once, when it has answered.
    typealias Operation = (_ done: @escaping () -> Void) -> Void

    private var waiting: [AppID: [Operation]] = [:]

    /// Adds an operation; returns it when it may start at once (nothing runs for `app`).
    mutating func enqueue(_ app: AppID, _ operation: @escaping Operation) -> Operation? {
        if waiting[app] != nil {
            waiting[app]!.append(operation)
            return nil
        }
        waiting[app] = []
        return operation
    }

    /// Marks the running operation of `app` finished; returns the next one to start, if any.
    mutating func finish(_ app: AppID) -> Operation? {
        guard var queue = waiting[app] else { return nil }
        if queue.isEmpty {
            waiting[app] = nil
            return nil
        }
        let next = queue.removeFirst()
        waiting[app] = queue
        return next
    }
}
