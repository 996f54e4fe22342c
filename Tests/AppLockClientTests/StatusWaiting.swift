import AppLockClient
import AppLockProtocol
import Dispatch
import Synchronization

extension AppLockSession {
    /// Polls ``status`` until `condition` holds or `timeout` passes; returns the last status seen and whether it held.
    @discardableResult
    func waitForStatus(
        timeout: Duration = .seconds(10), _ condition: (AppLockStatus) -> Bool
    ) async -> (status: AppLockStatus, held: Bool) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let current = status
            if condition(current) { return (current, true) }
            if clock.now >= deadline { return (current, false) }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits until registered with a running agent.
    @discardableResult
    func waitUntilReady(timeout: Duration = .seconds(10)) async -> AppLockStatus {
        await waitForStatus(timeout: timeout) { $0.isAgentAvailable }.status
    }
}

/// Every state a session's ``AppLockSession/stateChanges`` stream yields, recorded as it comes, so that a test waits
/// for the next one with a deadline (a stream's own `next()` would wait for ever on a state that never comes). The
/// stream is followed on a thread of its own (``RecorderExecutor``), not on the cooperative pool: under `make test`'s
/// full load the blocking suites hold every cooperative thread for minutes (CI saw a state yielded in time and
/// recorded only after the wait's deadline).
final class StateRecorder: Sendable {
    private final class States: Sendable {
        let seen = Mutex<[AppState]>([])
    }

    private let states = States()
    private let follower: Task<Void, Never>

    init(_ session: AppLockSession) {
        let stream = session.stateChanges
        let states = self.states
        follower = Task(executorPreference: RecorderExecutor.shared) {
            for await state in stream { states.seen.withLock { $0.append(state) } }
        }
    }

    deinit {
        follower.cancel()
    }

    /// The states seen so far, oldest first.
    var recorded: [AppState] { states.seen.withLock { $0 } }

    /// Waits until `count` states have been seen or `timeout` passes; returns the `count`th (nil if it never came).
    func state(number count: Int, timeout: Duration = .seconds(10)) async -> AppState? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline {
            let seen = recorded
            if seen.count >= count { return seen[count - 1] }
            try? await Task.sleep(for: .milliseconds(10))
        }
        let seen = recorded
        return seen.count >= count ? seen[count - 1] : nil
    }
}

/// Runs the tasks that prefer it on a serial dispatch queue, whose threads are not the cooperative pool's.
final class RecorderExecutor: TaskExecutor {
    static let shared = RecorderExecutor()
    private let queue = DispatchQueue(label: "StateRecorder")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
