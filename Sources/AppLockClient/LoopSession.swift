import AppLockCore
import AppLockProtocol
import DBusKit
import SystemKit

/// The client's state machine and its bus connection, confined to the session's event-loop thread.
///
/// Each bus connection gets a ``LoopConnection`` with a ``LoopRegistrar`` that registers the app (again whenever
/// the agent comes back) and follows its properties; the session adds the desktop session's state, the inhibitor and
/// the lifecycle hooks. Until the registration and the first reads have answered, and whenever the agent or the bus
/// is gone, it reports `locked`.
final class LoopSession {
    let appID: AppID
    let loop: EventLoop
    private let busAddress: String?
    private let lifecycle: (any AppLockLifecycle)?
    private let shared: SharedStatus

    private var connection: LoopConnection?
    private var link: LoopRegistrar?
    private var status = AppLockStatus.starting
    private var published = AppLockStatus.starting
    private var subscribers: [UInt64: AsyncStream<AppLockStatus>.Continuation] = [:]
    private var nextID: UInt64 = 1

    /// Registered and the properties read: signals are applied from now on.
    private var ready = false
    /// Bumped whenever a registration ends, so that late replies of an old one are dropped.
    private var generation: UInt64 = 0
    private var inhibitCookie: UInt32?
    private var inhibitBusy = false
    private var retryTimer: TimerHandle?
    private var closed = false

    /// How long to wait before reconnecting to a lost bus or retrying a refused registration.
    static let retryDelay: Duration = .seconds(1)
    /// How long a call waits for its reply.
    static let callTimeout: Duration = .seconds(25)

    init(appID: AppID, busAddress: String?, lifecycle: (any AppLockLifecycle)?, loop: EventLoop, shared: SharedStatus) {
        self.appID = appID
        self.busAddress = busAddress
        self.lifecycle = lifecycle
        self.loop = loop
        self.shared = shared
    }

    // MARK: Connecting and registering

    /// Announces the initial fail-closed lock to the lifecycle, then connects.
    func start() {
        lifecycle?.lockWillAppear(published)
        connect()
    }

    private func connect() {
        guard !closed, connection == nil else { return }
        let bus: Connection
        do {
            bus = try busAddress.map { try Connection.address($0, loop: loop) } ?? Connection.session(loop: loop)
        } catch {
            failClosed()
            scheduleRetry()
            return
        }
        let connection = LoopConnection(connection: bus, loop: loop)
        self.connection = connection
        _ = connection.onDisconnected { [weak self] in self?.connectionLost() }
        _ = connection.subscribe([(MatchRule(
            sender: AppLockBusNames.busName, path: AppLockBusNames.managerObjectPath,
            interface: AppLockBusNames.managerInterface, member: ManagerSignal.sessionStateChanged.name
        ), { [weak self] message in self?.sessionStateChanged(message) })])
        let link = LoopRegistrar(connection: connection, timeout: Self.callTimeout, reregisters: true) { [weak self] event in
            self?.linkReported(event)
        }
        self.link = link
        link.register(appID)
    }

    private func linkReported(_ event: AppLockRegistrarEvent) {
        switch event {
        case .agentPresence(let present):
            if !present { endRegistration() }
        case .registration(_, .success(let properties)):
            status.registrationError = nil
            apply(properties)
            let attempt = generation
            send(.sessionState) { [weak self] (result: Result<SessionState, AppLockError>) in
                guard let self, !self.closed, attempt == self.generation else { return }
                if case .success(let state) = result { self.status.sessionState = state }
                self.ready = true
                self.status.isAgentAvailable = true
                self.publish()
                self.reevaluateShouldLock()
            }
        case .registration(_, .failure(.agentUnavailable)):
            endRegistration()
            if link?.isAgentPresent == true { scheduleRetry() }
        case .registration(_, .failure(let error)):
            status.registrationError = error
            endRegistration()
            scheduleRetry()
        case .properties(_, .success(let properties)):
            guard ready else { return }
            apply(properties)
            publish()
        case .properties(_, .failure):
            break
        }
    }

    private func connectionLost() {
        link?.close()
        link = nil
        connection?.close()
        connection = nil
        endRegistration()
        scheduleRetry()
    }

    /// Forgets the current registration and reports `locked` until the next one.
    private func endRegistration() {
        generation &+= 1
        inhibitCookie = nil
        inhibitBusy = false
        failClosed()
    }

    private func failClosed() {
        ready = false
        status.state = .locked
        status.reason = .agentUnavailable
        status.isAgentAvailable = false
        status.isInhibited = false
        status.sessionState = .unknown
        publish()
    }

    private func scheduleRetry() {
        guard !closed, retryTimer == nil else { return }
        retryTimer = loop.schedule(at: .after(Self.retryDelay)) { [weak self] in
            guard let self else { return }
            self.retryTimer = nil
            if let link { if !self.ready { link.register(self.appID) } } else { self.connect() }
        }
    }

    // MARK: Signals

    private func sessionStateChanged(_ message: Message) {
        guard ready, let text = message.firstStringArgument else { return }
        status.sessionState = SessionState(rawValue: text)
        publish()
    }

    private func apply(_ new: AppProperties) {
        status.state = new.state
        status.reason = new.reason
        status.hasPasscode = new.hasPasscode
        status.passcodeKind = new.passcodeKind
        status.failedAttempts = new.failedAttempts
        status.retryAfter = new.retryAfter
        status.maxFailedAttempts = new.maxFailedAttempts
        status.isInhibited = new.inhibited
    }

    // MARK: Publishing and hooks

    private func publish() {
        let old = published
        let new = status
        guard new != old else { return }
        if new.state == .locked && old.state != .locked { lifecycle?.lockWillAppear(new) }
        if old.sessionState == .active && new.sessionState != .active && new.sessionState != .unknown {
            lifecycle?.sessionWillResignActive(whileLocked: new.isLocked)
        }
        published = new
        shared.contents.withLock { $0.status = new }
        for continuation in subscribers.values { continuation.yield(new) }
        if old.state == .locked && new.state != .locked { lifecycle?.lockDidDismiss(new) }
        if old.sessionState != .active && old.sessionState != .unknown && new.sessionState == .active {
            lifecycle?.sessionDidBecomeActive(whileLocked: new.isLocked)
        }
    }

    func subscribe(_ continuation: AsyncStream<AppLockStatus>.Continuation) {
        guard !closed else {
            continuation.yield(published)
            continuation.finish()
            return
        }
        let id = nextID
        nextID += 1
        subscribers[id] = continuation
        continuation.yield(published)
        let loop = self.loop
        let bound = LoopBound(self, loop: loop)
        continuation.onTermination = { _ in
            loop.post { bound.value.subscribers[id] = nil }
        }
    }

    // MARK: shouldLock

    func reevaluateShouldLock() {
        guard ready, !inhibitBusy, let lifecycle else { return }
        let wantsLock = lifecycle.shouldLock()
        let attempt = generation
        if !wantsLock && inhibitCookie == nil {
            inhibitBusy = true
            send(.inhibit(appID, reason: "the application asked not to lock")) { [weak self] (result: Result<UInt32, AppLockError>) in
                guard let self, attempt == self.generation else { return }
                self.inhibitBusy = false
                if case .success(let cookie) = result {
                    self.inhibitCookie = cookie
                    self.reevaluateShouldLock()
                }
            }
        } else if wantsLock, let cookie = inhibitCookie {
            inhibitBusy = true
            send(.uninhibit(cookie: cookie)) { [weak self] (_: Result<Void, AppLockError>) in
                guard let self, attempt == self.generation else { return }
                self.inhibitBusy = false
                self.inhibitCookie = nil
                self.reevaluateShouldLock()
            }
        }
    }

    // MARK: Requests

    /// A call on behalf of the app; `registered` calls (owner-only methods) fail at once while the app is not
    /// registered.
    func request<Value>(
        _ request: AppLockRequest<Value>, registered: Bool, _ completion: @escaping (Result<Value, AppLockError>) -> Void
    ) {
        if closed { return completion(.failure(.closed)) }
        if registered && !ready { return completion(.failure(status.registrationError ?? .agentUnavailable)) }
        send(request, completion)
    }

    private func send<Value>(_ request: AppLockRequest<Value>, _ completion: @escaping (Result<Value, AppLockError>) -> Void) {
        guard let connection else { return completion(.failure(.agentUnavailable)) }
        connection.send(request, timeout: Self.callTimeout, completion)
    }

    // MARK: Closing

    func close() {
        guard !closed else { return }
        closed = true
        if let retryTimer { loop.cancel(retryTimer) }
        retryTimer = nil
        link?.close()
        link = nil
        connection?.close()
        connection = nil
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }
}
