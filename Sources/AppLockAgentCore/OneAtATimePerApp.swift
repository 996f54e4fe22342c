import AppLockCore
public import AppLockProtocol

/// One FIFO of operations per app: an operation starts only when the one before it for the same app has finished,
/// so two passcode calls for one app never verify at once (they cannot both count as one failure or unlock twice);
/// operations for different apps run side by side. Pure: the agent stores its operations here and runs what it
/// is told may start.
public struct OneAtATimePerApp<Operation> {
    private var waiting: [AppID: [Operation]] = [:]

    public init() {}

    /// Adds an operation; returns it when it may start at once (nothing runs for `app`).
    public mutating func enqueue(_ app: AppID, _ operation: Operation) -> Operation? {
        guard waiting[app] == nil else {
            waiting[app]?.append(operation)
            return nil
        }
        waiting[app] = []
        return operation
    }

    /// Marks the running operation of `app` finished; returns the next one to start, if any.
    public mutating func finish(_ app: AppID) -> Operation? {
        guard var queue = waiting[app] else { return nil }
        if queue.isEmpty {
            waiting[app] = nil
            return nil
        }
        let next = queue.removeFirst()
        waiting[app] = queue
        return next
    }

    /// Whether an operation of `app` is running.
    public func isBusy(_ app: AppID) -> Bool { waiting[app] != nil }
}
