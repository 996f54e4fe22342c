public import AppLockCore
import AppLockProtocol
public import DBusKit

/// Every call the guard makes to the agent, in one place (the public D-Bus API, as any client uses it): watch the
/// agent's name, register an app as its owner and follow its `StateChanged`, read its `State`, report activity.
/// Loop mode: answers arrive on the event loop's thread.
public final class GuardAgentLink {
    private let connection: Connection
    private var stateMatches: [AppID: MatchToken] = [:]
    private var presenceToken: MatchToken?
    private static let manager = try! ObjectPath(AppLockBusNames.managerPath)

    public init(connection: Connection) {
        self.connection = connection
    }

    /// Calls `handler(true)` now if the agent is on the bus, and on every arrival (true) or departure (false).
    public func watchAgent(_ handler: @escaping (Bool) -> Void) {
        presenceToken = connection.watchNameOwner(AppLockBusNames.busName) { _, newOwner in handler(!newOwner.isEmpty) }
        let present = ((try? connection.nameOwner(AppLockBusNames.busName, timeout: .seconds(5))) ?? nil) != nil
        handler(present)
    }

    /// Subscribes to the app's `StateChanged` (arg0 match), registers it with the guard as owner, then reads its
    /// `State`. `registered` gets the answer; `state` gets the state read and every change after it.
    public func register(_ app: AppID, registered: @escaping (Bool, String?) -> Void, state: @escaping (AppState) -> Void) {
        if stateMatches[app] == nil {
            let rule = MatchRule(
                type: .signal, sender: AppLockBusNames.busName, path: Self.manager,
                interface: AppLockBusNames.managerInterface, member: ManagerSignal.stateChanged.name, arg0: app.rawValue)
            stateMatches[app] = connection.addMatch(rule) { message in
                guard let args = try? message.arguments(), args.count == 3, let text = args[1].stringValue,
                      let new = AppState(rawValue: text) else { return }
                state(new)
            }
        }
        call(.registerApplication, [.string(app.rawValue)]) { [weak self] result in
            switch result {
            case .success:
                registered(true, nil)
                self?.readState(app, state)
            case .failure(let error):
                registered(false, error.description)
            }
        }
    }

    /// Ends the registration and the app's subscription.
    public func unregister(_ app: AppID) {
        if let token = stateMatches.removeValue(forKey: app) { connection.removeMatch(token) }
        call(.unregisterApplication, [.string(app.rawValue)]) { _ in }
    }

    /// `ReportActivity(app, activity)`; failures are the agent's to log.
    public func reportActivity(_ app: AppID, _ activity: Activity) {
        call(.reportActivity, [.string(app.rawValue), .string(activity.rawValue)]) { _ in }
    }

    private func readState(_ app: AppID, _ state: @escaping (AppState) -> Void) {
        guard let message = try? Message.methodCall(
            destination: AppLockBusNames.busName, path: ObjectPath(AppLockBusNames.applicationPath(for: app.rawValue)),
            interface: StandardInterfaces.properties, member: "Get",
            arguments: [.string(AppLockBusNames.applicationInterface), .string(ApplicationProperty.state.name)])
        else { return }
        connection.call(message, timeout: .seconds(10)) { result in
            guard case .success(let reply) = result, let value = try? reply.arguments().first,
                  let text = value.variantValue?.stringValue ?? value.stringValue, let new = AppState(rawValue: text)
            else { return }
            state(new)
        }
    }

    private func call(_ method: ManagerMethod, _ arguments: [DBusValue], reply: @escaping (Result<Message, DBusError>) -> Void) {
        guard let message = try? Message.methodCall(
            destination: AppLockBusNames.busName, path: Self.manager, interface: AppLockBusNames.managerInterface,
            member: method.name, arguments: arguments)
        else { return }
        connection.call(message, timeout: .seconds(10), reply: reply)
    }
}
