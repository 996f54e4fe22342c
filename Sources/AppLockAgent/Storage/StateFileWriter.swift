import AppLockCore
import Synchronization
import SystemKit

/// Writes one of the agent's state files (the lock-out ledger, the passcode records) off the event loop: each atomic
/// replacement fsyncs twice (tens of milliseconds on a busy disk), which must not hold up other apps' locks. A save
/// hands the value over and returns at once; one writer thread writes, always the newest value, in order, and saves
/// that pile up during a write collapse into one.
final class StateFileWriter<Value: Sendable>: Sendable {
    private let write: @Sendable (Value) throws(FileError) -> Void
    private let queue: BoundedWorkQueue
    /// The newest value not written yet.
    private let newest = Mutex<Value?>(nil)
    /// Held for the whole of a write, so that writes never overlap or reorder.
    private let writing = Mutex<Int>(0)

    init(write: @escaping @Sendable (Value) throws(FileError) -> Void) throws(WorkQueueError) {
        self.write = write
        self.queue = try BoundedWorkQueue(workers: 1)
    }

    /// Queues a write of `value`; `failed` runs on the writer thread when it fails.
    func save(_ value: Value, failed: @escaping @Sendable (FileError) -> Void) {
        let alreadyQueued = newest.withLock { pending in
            defer { pending = value }
            return pending != nil
        }
        guard !alreadyQueued else { return }
        queue.submit { [self] in
            if let error = writeNewest() { failed(error) }
        }
    }

    /// Runs `body` on `loop` once every save queued before this call is on disk (or has failed).
    func afterWrites(on loop: EventLoop, _ body: @escaping @Sendable () -> Void) {
        queue.submit { loop.post(body) }
    }

    /// Writes `value` on the calling thread (at exit), after any write in progress; returns the failure, if any.
    @discardableResult
    func writeNow(_ value: Value) -> FileError? {
        newest.withLock { $0 = value }
        return writeNewest()
    }

    /// Writes what is still pending on the calling thread (at exit); returns the failure, if any.
    @discardableResult
    func writeNewest() -> FileError? {
        writing.withLock { count in
            guard let value = newest.withLock({ pending in
                defer { pending = nil }
                return pending
            }) else { return nil }
            count += 1
            do throws(FileError) {
                try write(value)
                return nil
            } catch {
                return error
            }
        }
    }
}
