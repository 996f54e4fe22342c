import AppLockProtocol
public import DBusKit
import AppLockCore

/// A wire-level probe of the agent on a test's private session bus: one live blocking connection (its registrations
/// last as long as it does), raw calls to the manager, property reads, and subscriptions to the agent's signals. Tests
/// that need to send what no client would (wrong signatures, floods, fuzz) use it; names come from the contract
/// (AppLockProtocol), tests of the client library use ``AppLockClient`` itself.
public final class AgentClient {
    public static let bus = AppLockBusNames.busName
    public static let manager = AppLockBusNames.managerInterface
    public static let application = AppLockBusNames.applicationInterface
    public static let managerPath = try! ObjectPath(AppLockBusNames.managerPath)

    public let connection: Connection

    public convenience init(_ environment: TestEnvironment) throws {
        try self.init(address: environment.sessionBus.address)
    }

    public init(address: String) throws {
        connection = try Connection.address(address)
    }

    public var uniqueName: String { connection.uniqueName }

    /// Calls a manager method and returns its reply's arguments; an error reply throws `DBusError`.
    @discardableResult
    public func call(_ member: String, _ arguments: [DBusValue] = [], timeout: Duration = .seconds(20)) throws -> [DBusValue] {
        let message = try Message.methodCall(
            destination: Self.bus, path: Self.managerPath, interface: Self.manager, member: member, arguments: arguments
        )
        return try connection.call(message, timeout: timeout).arguments()
    }

    /// The error name a manager call answers with, or nil when it succeeds.
    public func errorName(_ member: String, _ arguments: [DBusValue] = [], timeout: Duration = .seconds(20)) -> String? {
        do {
            try call(member, arguments, timeout: timeout)
            return nil
        } catch let error as DBusError {
            return error.name
        } catch {
            return "\(error)"
        }
    }

    /// The short AppLock error name (`WrongPasscode`) of a manager call, "" on success, or the full name of any other error.
    public func outcome(_ member: String, _ arguments: [DBusValue] = [], timeout: Duration = .seconds(20)) -> String {
        guard let name = errorName(member, arguments, timeout: timeout) else { return "" }
        return AgentError(dbusName: name)?.rawValue ?? name
    }

    @discardableResult
    public func register(_ app: String) throws -> ObjectPath {
        try Self.require(try call(ManagerMethod.registerApplication.name, [.string(app)]).first?.objectPathValue, "the registered app's path")
    }

    public func property(_ path: ObjectPath, _ interface: String, _ name: String) throws -> DBusValue {
        let message = try Message.methodCall(
            destination: Self.bus, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get",
            arguments: [.string(interface), .string(name)]
        )
        let reply = try connection.call(message, timeout: .seconds(20)).arguments()
        return try Self.require(reply.first?.variantValue, "the value of \(name)")
    }

    public func appProperty(_ app: String, _ name: String) throws -> DBusValue {
        try property(Self.path(of: app), Self.application, name)
    }

    /// One key of the app's effective policy.
    public func policy(_ app: String, _ key: String) throws -> DBusValue? {
        try appProperty(app, ApplicationProperty.policy.name)[key]?.variantValue
    }

    public func state(_ app: String) throws -> String {
        try Self.require(try appProperty(app, ApplicationProperty.state.name).stringValue, ApplicationProperty.state.name)
    }

    /// `(app_id, state, owner)` rows of ListApplications.
    public func list() throws -> [(app: String, state: String, owner: String)] {
        let rows = try Self.require(try call(ManagerMethod.listApplications.name).first?.arrayValue, "the list's rows")
        return rows.compactMap { row in
            guard let fields = row.structureValue, fields.count == 3,
                  let app = fields[0].stringValue, let state = fields[1].stringValue, let owner = fields[2].stringValue
            else { return nil }
            return (app, state, owner)
        }
    }

    /// Whether a connection has registered `app` (ListApplications names an owner): until then an unlock may still
    /// be voided by the registration, which puts the app in its launch state.
    public func isRegistered(_ app: String) -> Bool {
        (try? list())?.contains { $0.app == app && !$0.owner.isEmpty } == true
    }

    /// Subscribes to the manager's StateChanged for one app (arg0 match), as clients are told to.
    public func watchStateChanged(of app: String) {
        connection.addMatch(MatchRule(
            sender: Self.bus, path: Self.managerPath, interface: Self.manager, member: ManagerSignal.stateChanged.name, arg0: app
        ))
    }

    /// Subscribes to PropertiesChanged of one app object.
    public func watchProperties(of app: String) {
        connection.addMatch(MatchRule(
            sender: Self.bus, path: Self.path(of: app), interface: "org.freedesktop.DBus.Properties",
            member: "PropertiesChanged"
        ))
    }

    /// The next signal that satisfies `predicate`, or nil when `timeout` passes first.
    public func waitForSignal(timeout: Duration = .seconds(5), where predicate: (Message) -> Bool) throws -> Message? {
        try connection.waitForSignal(timeout: timeout, where: predicate)
    }

    /// The next StateChanged of `app` as (state, reason), or nil on timeout.
    public func nextStateChange(of app: String, timeout: Duration = .seconds(5)) throws -> (state: String, reason: String)? {
        let message = try waitForSignal(timeout: timeout) { message in
            message.member == ManagerSignal.stateChanged.name && (try? message.arguments().first?.stringValue) == app
        }
        guard let arguments = try message?.arguments(), arguments.count == 3,
              let state = arguments[1].stringValue, let reason = arguments[2].stringValue else { return nil }
        return (state, reason)
    }

    /// The next PropertiesChanged of `app`'s object, as its changed properties.
    public func nextPropertiesChange(of app: String, timeout: Duration = .seconds(5)) throws -> [String: DBusValue]? {
        let path = Self.path(of: app)
        let message = try waitForSignal(timeout: timeout) { $0.member == "PropertiesChanged" && $0.path == path }
        guard let arguments = try message?.arguments(), arguments.count >= 2,
              let entries = arguments[1].dictionaryValue else { return nil }
        var changed: [String: DBusValue] = [:]
        for (key, value) in entries {
            if let name = key.stringValue { changed[name] = value.variantValue ?? value }
        }
        return changed
    }

    public func unlock(_ app: String, _ passcode: String) -> String {
        outcome(ManagerMethod.unlock.name, [.string(app), .string(passcode)])
    }

    public func failedAttempts(_ app: String) throws -> UInt32 {
        try appProperty(app, ApplicationProperty.failedAttempts.name).uint32Value ?? 0
    }

    public func retryAfter(_ app: String) throws -> UInt64 {
        try appProperty(app, ApplicationProperty.retryAfter.name).uint64Value ?? 0
    }

    public func hasPasscode(_ app: String) throws -> Bool {
        try appProperty(app, ApplicationProperty.hasPasscode.name).boolValue == true
    }

    /// The manager's `SharedPasscodeKind`: the AppLock passcode's kind, "" while none is set.
    public func sharedPasscodeKind() throws -> String {
        try property(Self.managerPath, Self.manager, ManagerProperty.sharedPasscodeKind.name).stringValue ?? ""
    }

    public func close() {
        connection.close()
    }

    /// `value`, or an error naming what was missing.
    static func require<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw TestSupportError("the agent's answer has no \(what)") }
        return value
    }

    public static func path(of app: String) -> ObjectPath {
        try! ObjectPath(AppLockBusNames.applicationPath(for: app))
    }
}
