import AppLockCore
import DBusKit
import Synchronization

/// Writes the lock-out ledger off the event loop: each atomic replacement
/// fsyncs twice (tens of milliseconds on a busy disk), which must not hold up
/// other apps' locks. A save hands the ledger over and returns at once; one
/// writer thread writes, always the newest ledger, in order, and saves that
/// pile up during a write collapse into one.
final class LedgerWriter: Sendable {
    private let store: LedgerStore
    private let queue: BoundedWorkQueue
    /// The newest ledger not written yet.
    private let newest = Mutex<LockoutLedger?>(nil)
    /// Held for the whole of a write, so that writes never overlap or reorder.
    private let writing = Mutex<Int>(0)

    init(store: LedgerStore) throws(WorkQueueError) {
        self.store = store
        self.queue = try BoundedWorkQueue(workers: 1)
    }

    /// Queues a write of `ledger`; `failed` runs on the writer thread when it fails.
    func save(_ ledger: LockoutLedger, failed: @escaping @Sendable (FileError) -> Void) {
        let alreadyQueued = newest.withLock { pending in
            defer { pending = ledger }
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

    /// Writes `ledger` on the calling thread (at exit), after any write in progress; returns the failure, if any.
    @discardableResult
    func writeNow(_ ledger: LockoutLedger) -> FileError? {
        newest.withLock { $0 = ledger }
        return writeNewest()
    }

    /// Writes what is still pending on the calling thread (at exit); returns the failure, if any.
    @discardableResult
    func writeNewest() -> FileError? {
        writing.withLock { count in
            guard let ledger = newest.withLock({ pending in
                defer { pending = nil }
                return pending
            }) else { return nil }
            count += 1
            do throws(FileError) {
                try store.save(ledger)
                return nil
            } catch {
                return error
            }
        }
    }
}
