import AppLockProtocol
import AppLockCore
import DBusKit

/// The agent's D-Bus API as blocking calls on a private connection to the session bus.
///
/// Every call names the well-known name, so the bus starts applockd (D-Bus activation) when it is not running.
/// Every D-Bus error becomes a `CommandFailure` with its own exit status.
final class AgentClient {
    let connection: Connection
    private let timeout: Duration

    init(timeout: Duration = .seconds(25)) throws(CommandFailure) {
        self.timeout = timeout
        do {
            connection = try Connection.session()
        } catch {
            throw CommandFailure(.noSessionBus, "Cannot connect to the D-Bus session bus (\(error)).")
        }
    }

    /// Calls a Manager method and returns its out arguments.
    @discardableResult
    func callManager(_ member: String, _ arguments: [DBusValue] = [], about app: String? = nil) throws(CommandFailure) -> [DBusValue] {
        try call(path: AppLockBusNames.managerPath, interface: AppLockBusNames.managerInterface, member: member,
                 arguments: arguments, about: app)
    }

    /// `Properties.GetAll` of the manager, in the agent's order.
    func managerProperties() throws(CommandFailure) -> [(String, DBusValue)] {
        try allProperties(path: AppLockBusNames.managerPath, interface: AppLockBusNames.managerInterface, about: nil)
    }

    /// The object path of `app` (`GetApplication`).
    func applicationPath(_ app: String) throws(CommandFailure) -> String {
        let out = try callManager("GetApplication", [.string(app)], about: app)
        guard let path = out.first?.objectPathValue else {
            throw CommandFailure(.failure, "applockd answered GetApplication with an unexpected reply.")
        }
        return path.description
    }

    /// Every property of `app`, in the agent's order.
    func applicationProperties(_ app: String) throws(CommandFailure) -> [(String, DBusValue)] {
        let path = try applicationPath(app)
        return try allProperties(path: path, interface: AppLockBusNames.applicationInterface, about: app)
    }

    /// One property of `app`.
    func applicationProperty(_ app: String, _ name: String) throws(CommandFailure) -> DBusValue {
        let path = try applicationPath(app)
        let out = try call(path: path, interface: StandardInterfaces.properties, member: "Get",
                           arguments: [.string(AppLockBusNames.applicationInterface), .string(name)], about: app)
        guard let value = out.first?.variantValue else {
            throw CommandFailure(.failure, "applockd answered Get(\(name)) with an unexpected reply.")
        }
        return value
    }

    /// `ListApplications`, sorted by app id.
    func listApplications() throws(CommandFailure) -> [ApplicationSummary] {
        let out = try callManager("ListApplications")
        guard let rows = out.first?.arrayValue else {
            throw CommandFailure(.failure, "applockd answered ListApplications with an unexpected reply.")
        }
        var apps: [ApplicationSummary] = []
        for row in rows {
            guard case .structure(let fields) = row, fields.count == 3,
                  let id = fields[0].stringValue, let state = fields[1].stringValue, let owner = fields[2].stringValue
            else {
                throw CommandFailure(.failure, "applockd answered ListApplications with an unexpected reply.")
            }
            apps.append(ApplicationSummary(appId: id, state: state, owner: owner))
        }
        return apps.sorted { $0.appId < $1.appId }
    }

    private func allProperties(path: String, interface: String, about app: String?) throws(CommandFailure) -> [(String, DBusValue)] {
        let out = try call(path: path, interface: StandardInterfaces.properties, member: "GetAll",
                           arguments: [.string(interface)], about: app)
        guard let dictionary = out.first?.dictionaryValue else {
            throw CommandFailure(.failure, "applockd answered GetAll with an unexpected reply.")
        }
        return dictionary.compactMap { key, value in
            guard let name = key.stringValue else { return nil }
            return (name, value.variantValue ?? value)
        }
    }

    private func call(path: String, interface: String, member: String, arguments: [DBusValue],
                      about app: String?) throws(CommandFailure) -> [DBusValue] {
        do {
            let message = try Message.methodCall(destination: AppLockBusNames.busName, path: ObjectPath(path),
                                                 interface: interface, member: member, arguments: arguments)
            let reply = try connection.call(message, timeout: timeout)
            return try reply.arguments()
        } catch let error as DBusError {
            throw ErrorTranslator.failure(for: error, app: app)
        } catch {
            throw CommandFailure(.failure, "The call \(member) failed: \(error).")
        }
    }
}
