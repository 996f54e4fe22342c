import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// A client of the agent on the test's private session bus, as an app would
/// be: one live connection (its registrations last as long as it does), calls
/// to the manager, property reads, and subscriptions to the agent's signals.
final class AppClient {
    static let bus = "io.github.applock.AppLock1"
    static let manager = "io.github.applock.AppLock1.Manager"
    static let application = "io.github.applock.AppLock1.Application"
    static let managerPath = try! ObjectPath("/io/github/applock/AppLock1")

    let connection: Connection

    init(_ environment: TestEnvironment) throws {
        connection = try Connection.address(environment.sessionBus.address)
    }

    var uniqueName: String { connection.uniqueName }

    /// Calls a manager method and returns its reply's arguments; an error reply throws `DBusError`.
    @discardableResult
    func call(_ member: String, _ arguments: [DBusValue] = []) throws -> [DBusValue] {
        let message = try Message.methodCall(
            destination: Self.bus, path: Self.managerPath, interface: Self.manager, member: member, arguments: arguments
        )
        return try connection.call(message, timeout: .seconds(10)).arguments()
    }

    /// The error name a manager call answers with, or nil when it succeeds.
    func errorName(_ member: String, _ arguments: [DBusValue] = []) -> String? {
        do {
            try call(member, arguments)
            return nil
        } catch let error as DBusError {
            return error.name
        } catch {
            return "\(error)"
        }
    }

    func register(_ app: String) throws -> ObjectPath {
        try #require(try call("RegisterApplication", [.string(app)]).first?.objectPathValue)
    }

    func property(_ path: ObjectPath, _ interface: String, _ name: String) throws -> DBusValue {
        let message = try Message.methodCall(
            destination: Self.bus, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get",
            arguments: [.string(interface), .string(name)]
        )
        let reply = try connection.call(message, timeout: .seconds(10)).arguments()
        return try #require(reply.first?.variantValue)
    }

    func appProperty(_ app: String, _ name: String) throws -> DBusValue {
        try property(Self.path(of: app), Self.application, name)
    }

    /// One key of the app's effective policy.
    func policy(_ app: String, _ key: String) throws -> DBusValue? {
        try appProperty(app, "Policy")[key]?.variantValue
    }

    func state(_ app: String) throws -> String {
        try #require(try appProperty(app, "State").stringValue)
    }

    /// `(app_id, state, owner)` rows of ListApplications.
    func list() throws -> [(app: String, state: String, owner: String)] {
        let rows = try #require(try call("ListApplications").first?.arrayValue)
        return rows.compactMap { row in
            guard let fields = row.structureValue, fields.count == 3,
                  let app = fields[0].stringValue, let state = fields[1].stringValue, let owner = fields[2].stringValue
            else { return nil }
            return (app, state, owner)
        }
    }

    /// Subscribes to the manager's StateChanged for one app (arg0 match), as clients are told to.
    func watchStateChanged(of app: String) {
        connection.addMatch(MatchRule(
            sender: Self.bus, path: Self.managerPath, interface: Self.manager, member: "StateChanged", arg0: app
        ))
    }

    /// Subscribes to PropertiesChanged of one app object.
    func watchProperties(of app: String) {
        connection.addMatch(MatchRule(
            sender: Self.bus, path: Self.path(of: app), interface: "org.freedesktop.DBus.Properties",
            member: "PropertiesChanged"
        ))
    }

    /// The next signal that satisfies `predicate`, or nil when `timeout` passes first.
    func waitForSignal(timeout: Duration = .seconds(5), where predicate: (Message) -> Bool) throws -> Message? {
        try connection.waitForSignal(timeout: timeout, where: predicate)
    }

    /// The next StateChanged of `app` as (state, reason), or nil on timeout.
    func nextStateChange(of app: String, timeout: Duration = .seconds(5)) throws -> (state: String, reason: String)? {
        let message = try waitForSignal(timeout: timeout) { message in
            message.member == "StateChanged" && (try? message.arguments().first?.stringValue) == app
        }
        guard let arguments = try message?.arguments(), arguments.count == 3,
              let state = arguments[1].stringValue, let reason = arguments[2].stringValue else { return nil }
        return (state, reason)
    }

    /// The next PropertiesChanged of `app`'s object, as its changed properties.
    func nextPropertiesChange(of app: String, timeout: Duration = .seconds(5)) throws -> [String: DBusValue]? {
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

    func close() {
        connection.close()
    }

    static func path(of app: String) -> ObjectPath {
        var label = ""
        for byte in app.utf8 {
            let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
            label += isAlphanumeric ? String(UnicodeScalar(byte)) : "_" + String(format: "%02x", byte)
        }
        return try! ObjectPath("/io/github/applock/AppLock1/app/" + label)
    }
}
