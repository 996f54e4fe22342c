import AppLockProtocol
import DBusKit

/// The one registrar (under ``AppLockRegistrar`` and ``AppLockSession``), on a ``LoopConnection`` and confined to its loop thread: follows the agent's presence,
/// registers apps as the connection's, and follows apps' properties (read once subscribed, again whenever the agent
/// comes back, then kept up to date by `StateChanged` and `PropertiesChanged`). What it learns goes to `report`.
///
/// A registration the agent accepted is checked against the agent announced meanwhile, and dropped when the agent
/// leaves or changes. With `reregisters` the link registers its apps again by itself when the agent (re)appears or
/// changed under a registration (``AppLockSession``); without it the program decides (the guard's `GuardCore`).
/// A refused registration is reported, never retried here: when to try again is the program's.
final class LoopRegistrar {
    private struct LinkedApp {
        var subscription: UInt64
        var properties: AppProperties
        /// Read since the agent last came or went: signals apply from now on.
        var known = false
        /// To be registered as this connection's.
        var owned = false
        var registering = false
        /// The unique name of the agent that accepted the registration ("" when none did).
        var registeredWith = ""
        /// Bumped whenever the agent leaves or changes, so that late answers from before are dropped.
        var generation: UInt64 = 0
    }

    private let connection: LoopConnection
    private let timeout: Duration
    private let reregisters: Bool
    private let report: (AppLockRegistrarEvent) -> Void
    private var apps: [AppID: LinkedApp] = [:]
    private var subscriptions: [UInt64] = []
    private var closed = false
    /// The agent's unique name as last heard ("" when it is not on the bus; nil before the bus has said).
    private(set) var agentOwner: String?

    init(connection: LoopConnection, timeout: Duration, reregisters: Bool, report: @escaping (AppLockRegistrarEvent) -> Void) {
        self.connection = connection
        self.timeout = timeout
        self.reregisters = reregisters
        self.report = report
        subscriptions = [
            connection.watchAgent(reportingCurrent: true, timeout: timeout) { [weak self] owner in self?.agentChanged(owner) },
            connection.onDisconnected { [weak self] in self?.agentChanged("") },
        ]
    }

    /// Whether the agent is on the bus, as last heard.
    var isAgentPresent: Bool { agentOwner?.isEmpty == false }

    // MARK: Apps

    /// Follows `app`'s properties (``AppLockRegistrarEvent/properties(_:_:)``) without registering it.
    func follow(_ app: AppID) {
        guard !closed else { return }
        if apps[app] == nil {
            link(app)
            read(app)
        }
    }

    /// Registers `app` as this connection's and follows it; the answer is ``AppLockRegistrarEvent/registration(_:_:)``
    /// (at once when it is registered already).
    func register(_ app: AppID) {
        guard !closed else { return }
        if apps[app] == nil { link(app) }
        apps[app]?.owned = true
        guard let entry = apps[app], !entry.registering else { return }
        if !entry.registeredWith.isEmpty, entry.known {
            report(.registration(app, .success(entry.properties)))
        } else {
            startRegistration(app)
        }
    }

    /// Stops following `app` and ends its registration.
    func unregister(_ app: AppID) {
        guard let entry = apps.removeValue(forKey: app) else { return }
        connection.unsubscribe(entry.subscription)
        if entry.owned { connection.send(.unregister(app), timeout: timeout) { _ in } }
    }

    /// Reports nothing more and drops the link's subscriptions (the connection stays open).
    func close() {
        guard !closed else { return }
        closed = true
        for id in subscriptions + apps.values.map(\.subscription) { connection.unsubscribe(id) }
        subscriptions.removeAll()
        apps.removeAll()
    }

    private func link(_ app: AppID) {
        let manager = AppLockBusNames.managerObjectPath
        let sender = AppLockBusNames.busName
        let subscription = connection.subscribe([
            (MatchRule(
                sender: sender, path: manager, interface: AppLockBusNames.managerInterface,
                member: ManagerSignal.stateChanged.name, arg0: app.rawValue
            ), { [weak self] message in self?.stateChanged(app, message) }),
            (MatchRule(
                sender: sender, path: AppLockBusNames.applicationObjectPath(for: app),
                interface: StandardInterfaces.properties, member: "PropertiesChanged",
                arg0: AppLockBusNames.applicationInterface
            ), { [weak self] message in self?.propertiesChanged(app, message) }),
        ])
        apps[app] = LinkedApp(subscription: subscription, properties: AppProperties(appID: app))
    }

    // MARK: Registering

    private func startRegistration(_ app: AppID) {
        guard !closed, let entry = apps[app], entry.owned, !entry.registering else { return }
        apps[app]?.registering = true
        let attempt = entry.generation
        connection.send(.registerWithAgent(app), timeout: timeout) { [weak self] result in
            self?.registrationAnswered(app, attempt: attempt, result)
        }
    }

    private func registrationAnswered(_ app: AppID, attempt: UInt64, _ result: Result<String, AppLockError>) {
        guard !closed, let entry = apps[app] else { return }
        apps[app]?.registering = false
        switch result {
        case .success(let owner):
            // The agent left or changed while it registered: that registration is gone with it.
            let announced = agentOwner ?? ""
            guard attempt == entry.generation, announced.isEmpty || announced == owner else { return registrationLost(app) }
            apps[app]?.registeredWith = owner
            read(app) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let properties): report(.registration(app, .success(properties)))
                case .failure: registrationLost(app)
                }
            }
        case .failure(let error):
            guard attempt == entry.generation else { return registrationLost(app) }
            report(.registration(app, .failure(error)))
        }
    }

    /// The registration went with the agent: register again, or say so.
    private func registrationLost(_ app: AppID) {
        guard apps[app]?.registering == false else { return }  // a newer registration is under way
        forget(app)
        if reregisters { startRegistration(app) } else { report(.registration(app, .failure(.agentUnavailable))) }
    }

    private func forget(_ app: AppID) {
        apps[app]?.generation &+= 1
        apps[app]?.known = false
        apps[app]?.registeredWith = ""
    }

    // MARK: Following

    /// Reads the app's properties; `then` (else a ``AppLockRegistrarEvent/properties(_:_:)`` report) gets the answer.
    /// When the agent came or went meanwhile, `then` gets ``AppLockError/agentUnavailable`` and a report is dropped.
    private func read(_ app: AppID, then: ((Result<AppProperties, AppLockError>) -> Void)? = nil) {
        guard let attempt = apps[app]?.generation else { return }
        connection.send(AppLockRequest<AppProperties>.properties(of: app), timeout: timeout) { [weak self] result in
            guard let self, !closed, apps[app] != nil else { return }
            guard apps[app]?.generation == attempt else {
                then?(.failure(.agentUnavailable))
                return
            }
            if case .success(let properties) = result {
                apps[app]?.properties = properties
                apps[app]?.known = true
            }
            if let then { then(result) } else { report(.properties(app, result)) }
        }
    }

    private func agentChanged(_ owner: String) {
        guard !closed, owner != agentOwner else { return }
        agentOwner = owner
        for app in apps.keys.sorted() {
            guard let entry = apps[app] else { continue }
            if owner.isEmpty {
                forget(app)
            } else if entry.owned {
                guard entry.registeredWith != owner, !entry.registering else { continue }
                forget(app)
                // Registered with an agent that is gone: say so before registering again.
                if !entry.registeredWith.isEmpty { report(.registration(app, .failure(.agentUnavailable))) }
                if reregisters { startRegistration(app) }
            } else {
                forget(app)
                read(app)
            }
        }
        report(.agentPresence(!owner.isEmpty))
        if owner.isEmpty {
            for app in apps.keys.sorted() { report(.properties(app, .failure(.agentUnavailable))) }
        }
    }

    private func stateChanged(_ app: AppID, _ message: Message) {
        guard !closed, apps[app]?.known == true, let change = AppStateChange(message), change.appID == app else { return }
        apps[app]?.properties.state = change.state
        apps[app]?.properties.reason = change.reason
        publish(app)
    }

    private func propertiesChanged(_ app: AppID, _ message: Message) {
        guard !closed, apps[app]?.known == true, let args = try? message.arguments(), args.count >= 2,
              let changed = args[1].dictionaryValue
        else { return }
        apps[app]?.properties.apply(changed)
        publish(app)
    }

    private func publish(_ app: AppID) {
        guard let properties = apps[app]?.properties else { return }
        report(.properties(app, .success(properties)))
    }
}
