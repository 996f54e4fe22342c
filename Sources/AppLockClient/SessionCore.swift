import AppLockCore
import AppLockProtocol
import DBusKit
import SystemKit

/// The client's state machine and its bus connection, confined to the session's event-loop thread.
///
/// It subscribes first (StateChanged with `arg0` = the app id, SessionStateChanged, the app object's
/// PropertiesChanged, the agent's name owner), then registers, then reads the properties; until that read answers,
/// and whenever the agent or the bus is gone, it reports `locked`.
final class SessionCore {
    let appID: String
    let loop: EventLoop
    private let busAddress: String?
    private let lifecycle: (any AppLockLifecycle)?
    private let shared: SharedStatus
    private let appPath: ObjectPath

    private var connection: Connection?
    private var status = AppLockStatus.starting
    private var published = AppLockStatus.starting
    private var subscribers: [UInt64: AsyncStream<AppLockStatus>.Continuation] = [:]
    private var nextID: UInt64 = 1
    /// How to fail each call still waiting for its reply.
    private var pending: [UInt64: (AppLockError) -> Void] = [:]
    /// The app's properties as last read or announced.
    private var properties: AppProperties

    /// The unique name of the agent we are registered with ("" when none).
    private var agentOwner = ""
    /// The agent's owner as last announced by NameOwnerChanged (nil before the first announcement).
    private var announcedOwner: String?
    private var registering = false
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

    init(appID: String, busAddress: String?, lifecycle: (any AppLockLifecycle)?, loop: EventLoop, shared: SharedStatus) {
        self.appID = appID
        self.busAddress = busAddress
        self.lifecycle = lifecycle
        self.loop = loop
        self.shared = shared
        self.appPath = AppLockBusNames.applicationObjectPath(for: appID)
        self.properties = AppProperties(appID: appID)
    }

    // MARK: Connecting and registering

    /// Announces the initial fail-closed lock to the lifecycle, then connects.
    func start() {
        lifecycle?.lockWillAppear(published)
        connect()
    }

    private func connect() {
        guard !closed, connection == nil else { return }
        let connection: Connection
        do {
            if let busAddress {
                connection = try Connection.address(busAddress, loop: loop)
            } else {
                connection = try Connection.session(loop: loop)
            }
        } catch {
            failClosed()
            scheduleRetry()
            return
        }
        self.connection = connection
        connection.onDisconnected = { [weak self] in self?.connectionLost() }
        let manager = AppLockBusNames.managerObjectPath
        let sender = AppLockBusNames.busName
        _ = connection.addMatch(MatchRule(
            sender: sender, path: manager, interface: AppLockBusNames.managerInterface, member: ManagerSignal.stateChanged.name,
            arg0: appID
        )) { [weak self] message in self?.stateChanged(message) }
        _ = connection.addMatch(MatchRule(
            sender: sender, path: manager, interface: AppLockBusNames.managerInterface,
            member: ManagerSignal.sessionStateChanged.name
        )) { [weak self] message in self?.sessionStateChanged(message) }
        _ = connection.addMatch(MatchRule(
            sender: sender, path: appPath, interface: StandardInterfaces.properties, member: "PropertiesChanged",
            arg0: AppLockBusNames.applicationInterface
        )) { [weak self] message in self?.propertiesChanged(message) }
        _ = connection.watchNameOwner(sender) { [weak self] _, newOwner in self?.ownerChanged(newOwner) }
        register()
    }

    private func register() {
        guard !closed, connection != nil, !registering else { return }
        registering = true
        let attempt = generation
        send(.registerWithAgent(appID)) { [weak self] (result: Result<String, AppLockError>) in
            guard let self, !self.closed else { return }
            self.registering = false
            guard attempt == self.generation else {
                self.register()
                return
            }
            switch result {
            case .success(let owner):
                if let announced = self.announcedOwner, !announced.isEmpty, announced != owner {
                    // The agent changed while we registered: that registration is gone with it.
                    self.register()
                    return
                }
                self.agentOwner = owner
                self.status.registrationError = nil
                self.readProperties(generation: attempt)
            case .failure(.agentUnavailable):
                self.failClosed()
                if let announced = self.announcedOwner, !announced.isEmpty { self.scheduleRetry() }
            case .failure(let error):
                self.status.registrationError = error
                self.failClosed()
                self.scheduleRetry()
            }
        }
    }

    private func readProperties(generation attempt: UInt64) {
        send(.properties(of: appID)) { [weak self] (result: Result<AppProperties, AppLockError>) in
            guard let self, !self.closed, attempt == self.generation else { return }
            switch result {
            case .success(let properties):
                self.apply(properties)
                self.send(.sessionState) { [weak self] (result: Result<DesktopSessionState, AppLockError>) in
                    guard let self, !self.closed, attempt == self.generation else { return }
                    if case .success(let state) = result { self.status.sessionState = state }
                    self.ready = true
                    self.status.isAgentAvailable = true
                    self.publish()
                    self.reevaluateShouldLock()
                }
            case .failure:
                self.endRegistration()
                self.register()
            }
        }
    }

    private func ownerChanged(_ newOwner: String) {
        announcedOwner = newOwner
        if newOwner.isEmpty {
            endRegistration()
            return
        }
        if newOwner != agentOwner {
            if ready || !agentOwner.isEmpty { endRegistration() }
            register()
        }
    }

    private func connectionLost() {
        connection?.close()
        connection = nil
        announcedOwner = nil
        endRegistration()
        registering = false
        scheduleRetry()
    }

    /// Forgets the current registration and reports `locked` until the next one.
    private func endRegistration() {
        generation &+= 1
        ready = false
        agentOwner = ""
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
            if self.connection == nil { self.connect() } else if !self.ready { self.register() }
        }
    }

    // MARK: Signals

    private func stateChanged(_ message: Message) {
        guard ready, let args = try? message.arguments(), args.count == 3,
              args[0].stringValue == appID, let state = args[1].stringValue, let reason = args[2].stringValue
        else { return }
        status.state = AppLockState(rawValue: state) ?? .locked
        status.reason = AppLockReason(rawValue: reason)
        publish()
    }

    private func sessionStateChanged(_ message: Message) {
        guard ready, let text = message.firstStringArgument else { return }
        status.sessionState = DesktopSessionState(rawValue: text) ?? .unknown
        publish()
    }

    private func propertiesChanged(_ message: Message) {
        guard ready, let args = try? message.arguments(), args.count >= 2,
              let changed = args[1].dictionaryValue
        else { return }
        apply(changed)
        publish()
    }

    private func apply(_ entries: [(DBusValue, DBusValue)]) {
        var changed = properties
        changed.apply(entries)
        apply(changed)
    }

    private func apply(_ new: AppProperties) {
        properties = new
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
        let id = nextID
        nextID += 1
        pending[id] = { completion(.failure($0)) }
        request.send(on: connection, timeout: .seconds(25)) { [weak self] result in
            guard let self, self.pending.removeValue(forKey: id) != nil else { return }
            completion(result)
        }
    }

    // MARK: Closing

    func close() {
        guard !closed else { return }
        closed = true
        if let retryTimer { loop.cancel(retryTimer) }
        retryTimer = nil
        let waiting = pending
        pending.removeAll()
        for fail in waiting.values { fail(.closed) }
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
        connection?.close()
        connection = nil
    }
}
