public import AppLockCore
public import AppLockProtocol
import Dispatch
import SystemKit

/// One application's link to the AppLock agent: registers the app id on its own bus connection and event-loop
/// thread, follows the app's state, and carries its requests (unlock, activity reports, passcode changes).
///
/// It fails closed: until the agent has answered, and whenever the agent leaves the bus, ``status`` is `locked`
/// (reason ``LockReason/agentUnavailable``); when the agent comes back the session registers again by itself.
///
/// ```swift
/// let session = try AppLockSession(appID: AppID("org.example.Notes"))
/// for await status in session.statusUpdates {
///     status.isLocked ? showLockScreen(status) : showContent()
/// }
/// ```
public final class AppLockSession: Sendable {
    /// The registered app id.
    public let appID: AppID
    private let core: LoopBound<LoopSession>
    private let shared: SharedStatus

    /// Starts the session's thread, connects to the session bus (or to `busAddress`) and registers `appID`.
    ///
    /// - Parameters:
    ///   - appID: a desktop-file id such as `org.example.Notes`.
    ///   - busAddress: a D-Bus address to use instead of the session bus.
    ///   - lifecycle: the lock-window hooks, called on the session's thread.
    /// - Throws: ``AppLockError/other(name:message:)`` when the session's event loop cannot be made. A missing agent
    ///   or bus is not an error: the session reports `locked` and keeps trying.
    public init(
        appID: AppID, busAddress: String? = nil, lifecycle: (any AppLockLifecycle)? = nil
    ) throws(AppLockError) {
        self.appID = appID
        let shared = SharedStatus()
        self.shared = shared
        let handoff = Handoff()
        let started = DispatchSemaphore(value: 0)
        DispatchQueue(label: "AppLockSession \(appID)").async {
            let loop: EventLoop
            do {
                loop = try EventLoop()
            } catch {
                started.signal()
                return
            }
            let core = LoopSession(
                appID: appID, busAddress: busAddress, lifecycle: lifecycle, loop: loop, shared: shared)
            handoff.core = LoopBound(core, loop: loop)
            core.start()
            started.signal()
            loop.run()
        }
        started.wait()
        guard let core = handoff.core else { throw AppLockError.other(name: "EventLoop", message: "cannot create an event loop") }
        self.core = core
    }

    deinit {
        close()
    }

    /// The latest status (thread-safe).
    public var status: AppLockStatus {
        shared.contents.withLock { $0.status }
    }

    /// The current status at once, then every change, until the session is closed. Each access makes a new
    /// stream; several may be followed at once.
    public var statusUpdates: AsyncStream<AppLockStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: AppLockStatus.self)
        let core = self.core
        let posted = shared.contents.withLock { contents -> Bool in
            guard !contents.closed else { return false }
            core.loop.post { core.value.subscribe(continuation) }
            return true
        }
        if !posted {
            continuation.yield(status)
            continuation.finish()
        }
        return stream
    }

    /// The app's state changes only (`unlocked`, `obscured`, `locked`), starting with the current one.
    public var stateChanges: AsyncStream<AppState> {
        let updates = statusUpdates
        return AsyncStream { continuation in
            let task = Task {
                var last: AppState?
                for await status in updates where status.state != last {
                    last = status.state
                    continuation.yield(status.state)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // MARK: Requests

    /// Verifies `passcode` with the agent and unlocks the app.
    /// - Throws: ``AppLockError/agent(_:message:)`` (`wrongPasscode`, `lockedOut`, `noPasscode`, `storeUnavailable`,
    ///   `interrupted`…; ``status`` has the attempts left and the retry time), ``AppLockError/agentUnavailable``.
    public func unlock(passcode: String) async throws(AppLockError) {
        try await call(.unlock(appID, passcode: passcode))
    }

    /// Locks the app now (reason `manual`; an app without a passcode is obscured instead).
    public func lock() async throws(AppLockError) {
        try await call(.lock(appID))
    }

    /// Tells the agent the app's windows are shown again (cancels the grace period, ends a background or `Lock` obscure).
    public func reportForeground() async throws(AppLockError) {
        try await call(.reportActivity(appID, .foreground), registered: true)
    }

    /// Tells the agent the app's windows were hidden or minimised (starts the grace period).
    public func reportBackground() async throws(AppLockError) {
        try await call(.reportActivity(appID, .background), registered: true)
    }

    /// Sets the app's first passcode.
    public func setPasscode(_ passcode: String, kind: PasscodeKind) async throws(AppLockError) {
        try await call(.setPasscode(appID, passcode, kind: kind))
    }

    /// Replaces the passcode; a wrong `old` counts as a failed attempt.
    public func changePasscode(from old: String, to new: String, kind: PasscodeKind) async throws(AppLockError) {
        try await call(.changePasscode(appID, from: old, to: new, kind: kind))
    }

    /// Removes the passcode; a wrong one counts as a failed attempt.
    public func removePasscode(_ passcode: String) async throws(AppLockError) {
        try await call(.removePasscode(appID, passcode: passcode))
    }

    /// Makes one Manager call and gives its outcome as a value, for ``PasscodeFlow/complete(_:)``: hand it what a
    /// ``PasscodeFlow`` asked for, as ``PasscodeFlow/Request/call(for:)`` words it.
    public func perform(_ request: AppLockRequest<Void>) async -> Result<Void, AppLockError> {
        do {
            try await call(request)
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// Asks the lifecycle's ``AppLockLifecycle/shouldLock()`` again and takes or releases the inhibitor to match.
    public func reevaluateShouldLock() {
        post { $0.reevaluateShouldLock() }
    }

    /// Ends the registration, closes the connection and stops the session's thread. Pending requests fail with
    /// ``AppLockError/closed``; status streams finish. Idempotent.
    public func close() {
        let core = self.core
        shared.contents.withLock { contents in
            guard !contents.closed else { return }
            contents.closed = true
            core.loop.post {
                core.value.close()
                core.loop.stop()
            }
        }
    }

    // MARK: Plumbing

    private func post(_ work: @escaping @Sendable (LoopSession) -> Void) {
        let core = self.core
        shared.contents.withLock { contents in
            guard !contents.closed else { return }
            core.loop.post { work(core.value) }
        }
    }

    func call<Value>(_ request: AppLockRequest<Value>, registered: Bool = false) async throws(AppLockError) -> Value {
        let core = self.core
        let shared = self.shared
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, AppLockError>, Never>) in
            let posted = shared.contents.withLock { contents -> Bool in
                guard !contents.closed else { return false }
                core.loop.post {
                    core.value.request(request, registered: registered) { continuation.resume(returning: $0) }
                }
                return true
            }
            if !posted { continuation.resume(returning: .failure(.closed)) }
        }
        return try result.get()
    }
}
