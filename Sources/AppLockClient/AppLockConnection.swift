public import AppLockCore
public import AppLockProtocol
import DBusKit
import Dispatch
public import SystemKit

/// A connection to the AppLock agent for a program that speaks for several apps or for none: a guard that
/// registers every app it covers, a lock window that unlocks an app it does not own, a command line, a bench.
/// (An app that locks itself uses ``AppLockSession``, which also fails closed and re-registers by itself.)
///
/// Every call exists in two forms, awaiting (`try await connection.unlock(…)`) and blocking
/// (`try connection.blocking.unlock(…)`); both send the same ``AppLockRequest`` and throw ``AppLockError``.
/// Registrations belong to this connection and end when it closes. Observation handlers run on the connection's
/// own thread, one at a time: hop to your UI thread from there, and never make a blocking call from one.
///
/// A program built around an ``EventLoop`` of its own (the guard) opens the connection on that loop instead
/// (``init(loop:busAddress:timeout:)``): then every handler and every ``perform(_:completion:)`` completion runs
/// on the program's loop thread, and no thread is started.
///
/// ```swift
/// let notes = try AppID("org.example.Notes")
/// let agent = try AppLockConnection()
/// try await agent.register(notes)
/// let watch = agent.observeStateChanges(of: notes) { change in print(change.state) }
/// try agent.blocking.unlock(notes, passcode: "1234")
/// ```
public final class AppLockConnection: Sendable {
    /// This connection's unique bus name (the `owner` that `ListApplications` shows for its registrations).
    public let uniqueName: String
    /// How long a call waits for its reply.
    public let timeout: Duration
    private let core: LoopBound<LoopConnection>
    /// Whether the loop is this connection's own (stopped when it closes) or the caller's.
    private let ownsLoop: Bool

    /// Connects to the session bus (or to `busAddress`) on a thread of its own.
    /// - Throws: ``AppLockError/agentUnavailable`` when the bus cannot be reached (a missing agent is not an error
    ///   here: calls to it fail, or start it through D-Bus activation).
    public init(busAddress: String? = nil, timeout: Duration = .seconds(25)) throws(AppLockError) {
        let handoff = UncheckedSendable<(core: LoopBound<LoopConnection>, uniqueName: String)?>(nil)
        let started = DispatchSemaphore(value: 0)
        DispatchQueue(label: "AppLockConnection").async {
            do {
                let loop = try EventLoop()
                let connection = try busAddress.map { try Connection.address($0, loop: loop) } ?? Connection.session(loop: loop)
                handoff.value = (LoopBound(LoopConnection(connection: connection, loop: loop), loop: loop), connection.uniqueName)
                started.signal()
                loop.run()
            } catch {
                started.signal()
            }
        }
        started.wait()
        guard let (core, uniqueName) = handoff.value else { throw .agentUnavailable }
        self.core = core
        self.uniqueName = uniqueName
        self.timeout = timeout
        ownsLoop = true
    }

    /// Connects to the session bus (or to `busAddress`) on the caller's `loop`, without a thread of its own: every
    /// handler and completion then runs on that loop's thread, between the loop's other work. Call it on the loop
    /// thread; closing the connection leaves the loop running. The blocking form cannot be used on that thread.
    /// - Throws: ``AppLockError/agentUnavailable`` when the bus cannot be reached.
    public init(loop: EventLoop, busAddress: String? = nil, timeout: Duration = .seconds(25)) throws(AppLockError) {
        loop.preconditionInLoop()
        let connection: Connection
        do {
            connection = try busAddress.map { try Connection.address($0, loop: loop) } ?? Connection.session(loop: loop)
        } catch {
            throw .agentUnavailable
        }
        core = LoopBound(LoopConnection(connection: connection, loop: loop), loop: loop)
        uniqueName = connection.uniqueName
        self.timeout = timeout
        ownsLoop = false
    }

    deinit {
        close()
    }

    /// The blocking form of every call.
    public var blocking: AppLockBlockingCalls { AppLockBlockingCalls(connection: self) }

    // MARK: Sending

    /// Sends `request` and awaits its reply.
    public func perform<Value>(_ request: AppLockRequest<Value>) async throws(AppLockError) -> Value {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, AppLockError>, Never>) in
            send(request) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Sends `request` and blocks the calling thread until its reply. Never call it from an observation handler
    /// (the connection's own thread): that answers ``AppLockError/other(name:message:)`` at once.
    public func performBlocking<Value>(_ request: AppLockRequest<Value>) throws(AppLockError) -> Value {
        if core.loop.inLoop {
            throw .other(name: "AppLockConnection", message: "a blocking call cannot be made on the connection's own thread")
        }
        let box = UncheckedSendable<Result<Value, AppLockError>>(.failure(.closed))
        let done = DispatchSemaphore(value: 0)
        send(request) { result in
            box.value = result
            done.signal()
        }
        done.wait()
        return try box.value.get()
    }

    /// Sends `request`; `completion` gets the reply or the error once, on the connection's loop thread (the caller's
    /// own loop for a connection opened with ``init(loop:busAddress:timeout:)``; at once for a request the client
    /// refuses). The form for a program that runs an event loop and must never block it.
    public func perform<Value>(
        _ request: AppLockRequest<Value>, completion: @escaping @Sendable (Result<Value, AppLockError>) -> Void
    ) {
        send(request, completion)
    }

    private func send<Value>(_ request: AppLockRequest<Value>, _ completion: @escaping @Sendable (Result<Value, AppLockError>) -> Void) {
        if let refusal = request.refusal { return completion(.failure(refusal)) }
        let core = self.core
        let timeout = self.timeout
        Self.onLoop(of: core) { core.value.send(request, timeout: timeout, completion) }
    }

    /// Runs `work` with the connection's core on its loop thread: now when called there, else soon.
    func onLoop(_ work: @escaping @Sendable (LoopConnection) -> Void) {
        let core = self.core
        Self.onLoop(of: core) { work(core.value) }
    }

    /// Runs `work` on the loop thread of `core`: now when called there, else soon.
    private static func onLoop(of core: LoopBound<LoopConnection>, _ work: @escaping @Sendable () -> Void) {
        if core.loop.inLoop { work() } else { core.loop.post(work) }
    }

    // MARK: Calls

    /// Registers `appID` as this connection's (`RegisterApplication`); several apps may be registered on one connection.
    public func register(_ appID: AppID) async throws(AppLockError) { try await perform(.register(appID)) }
    /// Ends this connection's registration of `appID`.
    public func unregister(_ appID: AppID) async throws(AppLockError) { try await perform(.unregister(appID)) }
    /// Tells the agent whether the app's windows are shown (`foreground`) or hidden (`background`); owner only.
    public func reportActivity(_ appID: AppID, _ activity: Activity) async throws(AppLockError) {
        try await perform(.reportActivity(appID, activity))
    }
    /// Locks the app now (reason `manual`).
    public func lock(_ appID: AppID) async throws(AppLockError) { try await perform(.lock(appID)) }
    /// Locks every known app.
    public func lockAll() async throws(AppLockError) { try await perform(.lockAll) }
    /// Verifies `passcode` and unlocks the app; the caller need not have registered it.
    public func unlock(_ appID: AppID, passcode: String) async throws(AppLockError) {
        try await perform(.unlock(appID, passcode: passcode))
    }
    /// Sets the app's first passcode.
    public func setPasscode(_ appID: AppID, _ passcode: String, kind: PasscodeKind) async throws(AppLockError) {
        try await perform(.setPasscode(appID, passcode, kind: kind))
    }
    /// Replaces the app's passcode.
    public func changePasscode(_ appID: AppID, from old: String, to new: String, kind: PasscodeKind) async throws(AppLockError) {
        try await perform(.changePasscode(appID, from: old, to: new, kind: kind))
    }
    /// Removes the app's passcode.
    public func removePasscode(_ appID: AppID, passcode: String) async throws(AppLockError) {
        try await perform(.removePasscode(appID, passcode: passcode))
    }
    /// Holds an inhibitor on the app (owner only); returns its cookie.
    public func inhibit(_ appID: AppID, reason: String) async throws(AppLockError) -> UInt32 {
        try await perform(.inhibit(appID, reason: reason))
    }
    /// Releases an inhibitor.
    public func uninhibit(cookie: UInt32) async throws(AppLockError) { try await perform(.uninhibit(cookie: cookie)) }
    /// The object path of a known app.
    public func applicationPath(_ appID: AppID) async throws(AppLockError) -> String {
        try await perform(.applicationPath(appID))
    }
    /// Every known app.
    public func listApplications() async throws(AppLockError) -> [ApplicationListing] { try await perform(.listApplications) }
    /// The app's properties (state, failed attempts, retry time, policy, passcode kind…).
    public func properties(of appID: AppID) async throws(AppLockError) -> AppProperties {
        try await perform(.properties(of: appID))
    }
    /// The desktop session's state as the agent sees it.
    public func recentEvents() async throws(AppLockError) -> [RecentEvent] { try await perform(.recentEvents) }

    public func sessionState() async throws(AppLockError) -> SessionState { try await perform(.sessionState) }
    /// The agent's version.
    public func version() async throws(AppLockError) -> String { try await perform(.version) }
    /// Returns once the bus has handled everything sent before on this connection (subscriptions included).
    public func busRoundTrip() async throws(AppLockError) { try await perform(.busRoundTrip) }

    // MARK: Observing

    /// Calls `handler` with every `StateChanged` of `appID` (an `arg0` match: the bus sends only that app's), or of
    /// every app when `appID` is nil.
    public func observeStateChanges(
        of appID: AppID?, _ handler: @escaping @Sendable (AppStateChange) -> Void
    ) -> AppLockObservation {
        let rule = MatchRule(
            sender: AppLockBusNames.busName, path: AppLockBusNames.managerObjectPath,
            interface: AppLockBusNames.managerInterface, member: ManagerSignal.stateChanged.name, arg0: appID?.rawValue)
        return observe([(rule, { @Sendable message in
            if let change = AppStateChange(message) { handler(change) }
        })])
    }

    /// Every `StateChanged` of `appID` (of every app when nil), until the stream is dropped or the connection closes.
    public func stateChanges(of appID: AppID?) -> AsyncStream<AppStateChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: AppStateChange.self)
        let observation = observeStateChanges(of: appID) { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    /// Calls `handler` with every `SessionStateChanged`.
    public func observeSessionState(_ handler: @escaping @Sendable (SessionState) -> Void) -> AppLockObservation {
        let rule = MatchRule(
            sender: AppLockBusNames.busName, path: AppLockBusNames.managerObjectPath,
            interface: AppLockBusNames.managerInterface, member: ManagerSignal.sessionStateChanged.name)
        return observe([(rule, { @Sendable message in
            guard let text = try? message.arguments().first?.stringValue else { return }
            handler(SessionState(rawValue: text))
        })])
    }

    /// Calls `handler(true)` whenever the agent appears on the bus (started or restarted: register again) and
    /// `handler(false)` when it leaves (its registrations are gone). With `reportingCurrent`, `handler` is first
    /// called once with whether the agent is on the bus now (asked of the bus after subscribing, so that no change
    /// falls between the answer and the signals).
    public func observeAgent(
        reportingCurrent: Bool = false, _ handler: @escaping @Sendable (Bool) -> Void
    ) -> AppLockObservation {
        let core = self.core
        let timeout = self.timeout
        return observation { core.value.watchAgent(reportingCurrent: reportingCurrent, timeout: timeout) { handler(!$0.isEmpty) } }
    }

    /// Calls `handler` once if the connection to the bus is lost (every registration of this connection is gone).
    public func observeDisconnection(_ handler: @escaping @Sendable () -> Void) -> AppLockObservation {
        let core = self.core
        return observation { core.value.onDisconnected(handler) }
    }

    private func observe(_ rules: [(MatchRule, @Sendable (Message) -> Void)]) -> AppLockObservation {
        let core = self.core
        return observation { core.value.subscribe(rules.map { ($0.0, $0.1) }) }
    }

    /// Subscribes on the loop thread (`subscribe` answers the subscription's id) and returns its cancellation.
    private func observation(_ subscribe: @escaping @Sendable () -> UInt64) -> AppLockObservation {
        let core = self.core
        let id = UncheckedSendable<UInt64>(0)
        Self.onLoop(of: core) { id.value = subscribe() }
        return AppLockObservation { Self.onLoop(of: core) { core.value.unsubscribe(id.value) } }
    }

    /// Ends every registration of this connection, fails pending calls with ``AppLockError/closed`` and stops its
    /// thread (a caller's loop keeps running). Idempotent.
    public func close() {
        let core = self.core
        let ownsLoop = self.ownsLoop
        Self.onLoop(of: core) {
            core.value.close()
            if ownsLoop { core.loop.stop() }
        }
    }
}
