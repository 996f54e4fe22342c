import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// A blocking connection to the agent on the test's private bus: manager
/// calls, raw messages, properties.
final class HostileClient {
    static let bus = "io.github.applock.AppLock1"
    static let manager = "io.github.applock.AppLock1.Manager"
    static let application = "io.github.applock.AppLock1.Application"
    static let managerPath = try! ObjectPath("/io/github/applock/AppLock1")
    static let errorPrefix = "io.github.applock.AppLock1.Error."

    let connection: Connection

    init(_ environment: TestEnvironment) throws {
        connection = try Connection.address(environment.sessionBus.address)
    }

    init(address: String) throws {
        connection = try Connection.address(address)
    }

    var uniqueName: String { connection.uniqueName }

    /// Calls a manager method and returns its reply's arguments; an error reply throws `DBusError`.
    @discardableResult
    func call(_ member: String, _ arguments: [DBusValue] = [], timeout: Duration = .seconds(20)) throws -> [DBusValue] {
        let message = try Message.methodCall(
            destination: Self.bus, path: Self.managerPath, interface: Self.manager, member: member, arguments: arguments
        )
        return try connection.call(message, timeout: timeout).arguments()
    }

    /// The error name a manager call answers with, or nil when it succeeds.
    func errorName(_ member: String, _ arguments: [DBusValue] = [], timeout: Duration = .seconds(20)) -> String? {
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
    func outcome(_ member: String, _ arguments: [DBusValue] = [], timeout: Duration = .seconds(20)) -> String {
        guard let name = errorName(member, arguments, timeout: timeout) else { return "" }
        return name.hasPrefix(Self.errorPrefix) ? String(name.dropFirst(Self.errorPrefix.count)) : name
    }

    func register(_ app: String) throws {
        try call("RegisterApplication", [.string(app)])
    }

    func unlock(_ app: String, _ passcode: String) -> String {
        outcome("Unlock", [.string(app), .string(passcode)])
    }

    func property(_ path: ObjectPath, _ interface: String, _ name: String) throws -> DBusValue {
        let message = try Message.methodCall(
            destination: Self.bus, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get",
            arguments: [.string(interface), .string(name)]
        )
        let reply = try connection.call(message, timeout: .seconds(20)).arguments()
        return try #require(reply.first?.variantValue)
    }

    func appProperty(_ app: String, _ name: String) throws -> DBusValue {
        try property(Self.path(of: app), Self.application, name)
    }

    func state(_ app: String) throws -> String {
        try #require(try appProperty(app, "State").stringValue)
    }

    func failedAttempts(_ app: String) throws -> UInt32 {
        guard case .uint32(let count) = try appProperty(app, "FailedAttempts") else { return 0 }
        return count
    }

    func retryAfter(_ app: String) throws -> UInt64 {
        guard case .uint64(let value) = try appProperty(app, "RetryAfter") else { return 0 }
        return value
    }

    func hasPasscode(_ app: String) throws -> Bool {
        try appProperty(app, "HasPasscode").boolValue == true
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
