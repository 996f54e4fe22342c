public import AppLockProtocol
import DBusKit
import Foundation

/// What the guard tells the user about whether it can hide guarded apps, as a test reads it: its status object on the
/// test's private session bus (``GuardProperty``), `applockctl status` with its exit status, and the desktop
/// notifications it sent to the test's own notification server (python-dbusmock's `notification_daemon` template,
/// which records every `Notify`; start it with ``TestEnvironment/startNotificationServer()`` before a desktop that
/// has one of its own, so that the test's server owns the name).
public struct GuardStatusProbe: Sendable {
    /// The guard's status properties.
    public struct Status: Sendable, Equatable {
        public var protected: Bool
        public var reason: String
        public var statement: String
        public var fix: String
    }

    /// One `Notify` the server received.
    public struct Notification: Sendable, Equatable {
        public var summary: String
        public var body: String
    }

    /// `applockctl status`'s exit status when the guard is not protecting.
    public static let notProtectingExitStatus: Int32 = 19

    public let environment: TestEnvironment

    public init(environment: TestEnvironment) {
        self.environment = environment
    }

    /// The status object's properties now; nil when no guard owns its name.
    public func read() -> Status? {
        guard let values = properties(),
              let protected = values[GuardProperty.protected.name]?.boolValue else { return nil }
        func text(_ property: GuardProperty) -> String { values[property.name]?.stringValue ?? "" }
        return Status(protected: protected, reason: text(.reason), statement: text(.statement), fix: text(.fix))
    }

    /// One text property of the status object now (``GuardProperty/lockAllShortcut``, say); nil when no guard
    /// answers.
    public func text(of property: GuardProperty) -> String? {
        properties()?[property.name]?.stringValue
    }

    /// Every property of the status object, by name (`GetAll`); nil when no guard owns its name.
    private func properties() -> [String: DBusValue]? {
        guard let connection = try? Connection.address(environment.sessionBus.address) else { return nil }
        defer { connection.close() }
        guard let reply = try? connection.call(
            destination: GuardBusNames.busName, path: ObjectPath(GuardBusNames.statusPath),
            interface: "org.freedesktop.DBus.Properties", member: "GetAll",
            arguments: [.string(GuardBusNames.statusInterface)], timeout: .seconds(5))
        else { return nil }
        var values: [String: DBusValue] = [:]
        for (key, value) in reply.first?.dictionaryValue ?? [] {
            if let name = key.stringValue { values[name] = value.variantValue ?? value }
        }
        return values
    }

    /// Waits until the bus says `reason` (nil for protecting), with a statement containing `statement` when given
    /// (`waiting` is also what a guard says while it starts), and returns that status, or the last one read when it
    /// did not come.
    public func waitFor(_ reason: GuardReason?, statement: String = "", timeout: Duration = .seconds(20)) -> Status? {
        var last: Status?
        _ = waitUntil(timeout: timeout, pollEvery: .milliseconds(50)) {
            last = read()
            guard let last, statement.isEmpty || last.statement.contains(statement) else { return false }
            return reason.map { last.reason == $0.rawValue && !last.protected } ?? last.protected
        }
        return last
    }

    /// `applockctl status` run against the test's buses.
    public func applockctlStatus() throws -> CommandResult {
        environment.run([try PackageFolders.program("applockctl"), "status"])
    }

    /// Every `Notify` the test's notification server received, oldest first.
    public func notifications() throws -> [Notification] {
        let script = """
            import sys, json, dbus
            obj = dbus.SessionBus().get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
            for _, name, args in obj.GetCalls(dbus_interface="org.freedesktop.DBus.Mock"):
                if name == "Notify":
                    print(json.dumps([str(args[3]), str(args[4])]))
            """
        let result = environment.run(["/usr/bin/python3", "-c", script], timeout: .seconds(10))
        guard result.succeeded else { throw TestSupportError("GetCalls failed: \(result.stderr)") }
        return try result.stdout.split(separator: "\n").map { line in
            let fields = try JSONDecoder().decode([String].self, from: Data(line.utf8))
            return Notification(summary: fields[0], body: fields[1])
        }
    }

    /// Waits until the server has received at least `count` notifications and returns them all.
    public func waitForNotifications(_ count: Int = 1, timeout: Duration = .seconds(10)) -> [Notification] {
        var received: [Notification] = []
        _ = waitUntil(timeout: timeout, pollEvery: .milliseconds(100)) {
            received = (try? notifications()) ?? []
            return received.count >= count
        }
        return received
    }
}

extension TestEnvironment {
    /// Starts python-dbusmock's `notification_daemon` template as `org.freedesktop.Notifications` on the session bus:
    /// the test's own notification server, which records every `Notify` (``GuardStatusProbe/notifications()``).
    public func startNotificationServer() throws {
        try startMock(
            "notifications", ["--session", "--template", "notification_daemon"], name: "org.freedesktop.Notifications",
            on: .session)
    }
}
