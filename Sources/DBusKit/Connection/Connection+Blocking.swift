import CDBus

extension Connection {
    /// Blocking mode: the next signal matched by a handler-less rule (see ``addMatch(_:)``), or nil after `timeout`.
    /// Dispatches other incoming messages (method calls to exported objects, handler matches) meanwhile.
    public func nextSignal(timeout: Duration) throws -> Message? {
        try waitForSignal(timeout: timeout) { _ in true }
    }

    /// Blocking mode: the next queued signal for which `predicate` is true (others are dropped), or nil after
    /// `timeout`.
    public func waitForSignal(timeout: Duration, where predicate: (Message) -> Bool) throws -> Message? {
        precondition(loop == nil, "nextSignal/waitForSignal are for blocking-mode connections")
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            while signalQueueHead < signalQueue.count {
                let message = signalQueue[signalQueueHead]
                signalQueueHead += 1
                if signalQueueHead == signalQueue.count {
                    signalQueue.removeAll(keepingCapacity: true)
                    signalQueueHead = 0
                }
                if predicate(message) { return message }
            }
            guard try processEvents(until: deadline) else { return nil }
        }
    }

    /// Blocking mode: reads and dispatches incoming messages for up to `timeout` (returns after the first batch).
    public func processEvents(timeout: Duration) throws {
        _ = try processEvents(until: ContinuousClock.now.advanced(by: timeout))
    }

    /// Dispatches what is queued, else waits for input until `deadline`. False when the deadline passed.
    private func processEvents(until deadline: ContinuousClock.Instant) throws -> Bool {
        guard !isClosed else { throw DBusConnectionError.notConnected }
        if dbus_connection_get_dispatch_status(pointer) == DBUS_DISPATCH_DATA_REMAINS {
            _ = dbus_connection_dispatch(pointer)
            return true
        }
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return false }
        guard dbus_connection_read_write(pointer, max(1, Self.milliseconds(remaining))) != 0 else {
            while dbus_connection_dispatch(pointer) == DBUS_DISPATCH_DATA_REMAINS {}
            throw DBusConnectionError.notConnected
        }
        return true
    }
}
