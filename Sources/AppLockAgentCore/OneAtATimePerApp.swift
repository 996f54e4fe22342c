import AppLockCore

/// One FIFO of operations per passcode holder (an app's own passcode, or the AppLock passcode every app that uses it
/// shares): an operation starts only when the one before it for the same holder has finished, so two passcode calls
/// on one passcode never verify at once (they cannot both count as one failure or unlock twice); operations for
/// different holders run side by side. Pure: the agent stores its operations here and runs what it
/// is told may start.
public struct OneAtATimePerApp<Operation> {
    private var waiting: [PasscodeHolder: [Operation]] = [:]

    public init() {}

    /// Adds an operation; returns it when it may start at once (nothing runs for `holder`).
    public mutating func enqueue(_ holder: PasscodeHolder, _ operation: Operation) -> Operation? {
        guard waiting[holder] == nil else {
            waiting[holder]?.append(operation)
            return nil
        }
        waiting[holder] = []
        return operation
    }

    /// Marks the running operation of `holder` finished; returns the next one to start, if any.
    public mutating func finish(_ holder: PasscodeHolder) -> Operation? {
        guard var queue = waiting[holder] else { return nil }
        if queue.isEmpty {
            waiting[holder] = nil
            return nil
        }
        let next = queue.removeFirst()
        waiting[holder] = queue
        return next
    }

    /// Whether an operation of `holder` is running.
    public func isBusy(_ holder: PasscodeHolder) -> Bool { waiting[holder] != nil }
}
