import AppLockProtocol
import DBusKit
import SystemKit

/// The bus connection of an ``AppLockConnection``, confined to its event-loop thread: sends calls, keeps the
/// subscriptions, and fails every pending call with `closed` when closed.
final class LoopConnection {
    let loop: EventLoop
    private let connection: Connection
    /// How to fail each call still waiting for its reply.
    private var pending: [UInt64: (AppLockError) -> Void] = [:]
    private var subscriptions: [UInt64: [MatchToken]] = [:]
    private var nextID: UInt64 = 1
    private var closed = false
    private var disconnectionHandlers: [UInt64: () -> Void] = [:]

    init(connection: Connection, loop: EventLoop) {
        self.connection = connection
        self.loop = loop
        connection.onDisconnected = { [unowned self] in
            failPending(.agentUnavailable)
            for handler in disconnectionHandlers.values { handler() }
        }
    }

    var uniqueName: String { connection.uniqueName }

    /// Sends `request`; `completion` runs on the loop thread, once (with `closed` when the connection closes first).
    func send<Value>(
        _ request: AppLockRequest<Value>, timeout: Duration, _ completion: @escaping (Result<Value, AppLockError>) -> Void
    ) {
        guard !closed else { return completion(.failure(.closed)) }
        let id = nextID
        nextID += 1
        pending[id] = { completion(.failure($0)) }
        request.send(on: connection, timeout: timeout) { [weak self] result in
            guard let self, self.pending.removeValue(forKey: id) != nil else { return }
            completion(result)
        }
    }

    /// Adds match rules under one id, so that ``unsubscribe(_:)`` removes them together.
    func subscribe(_ rules: [(MatchRule, (Message) -> Void)]) -> UInt64 {
        let id = nextID
        nextID += 1
        guard !closed else { return id }
        subscriptions[id] = rules.map { rule, handler in connection.addMatch(rule, handler) }
        return id
    }

    /// Follows the agent's name: `handler` gets its owner's unique name when it (re)appears and "" when it leaves;
    /// with `reportingCurrent`, first its owner now ("" when none; unless the subscription is cancelled before the
    /// bus answers).
    func watchAgent(reportingCurrent: Bool, timeout: Duration, _ handler: @escaping (_ owner: String) -> Void) -> UInt64 {
        let id = nextID
        nextID += 1
        guard !closed else { return id }
        subscriptions[id] = [connection.watchNameOwner(AppLockBusNames.busName) { _, newOwner in handler(newOwner) }]
        if reportingCurrent {
            send(AppLockRequest<String>.nameOwner(AppLockBusNames.busName), timeout: timeout) { [weak self] result in
                guard let self, self.subscriptions[id] != nil else { return }
                switch result {
                case .success(let owner): handler(owner)
                case .failure(.agentUnavailable): handler("")  // the bus's NameHasNoOwner
                case .failure: break
                }
            }
        }
        return id
    }

    /// Calls `handler` once if the bus connection is lost.
    func onDisconnected(_ handler: @escaping () -> Void) -> UInt64 {
        let id = nextID
        nextID += 1
        disconnectionHandlers[id] = handler
        return id
    }

    func unsubscribe(_ id: UInt64) {
        disconnectionHandlers[id] = nil
        guard let tokens = subscriptions.removeValue(forKey: id) else { return }
        for token in tokens { connection.removeMatch(token) }
    }

    func close() {
        guard !closed else { return }
        closed = true
        failPending(.closed)
        subscriptions.removeAll()
        connection.close()
    }

    private func failPending(_ error: AppLockError) {
        let waiting = pending
        pending.removeAll()
        for fail in waiting.values { fail(error) }
    }
}
