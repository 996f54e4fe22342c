import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// What `Introspect` serves is what `dbus/` holds (both read as XML, independently of the agent's code), and
/// `gdbus introspect --recurse` walks every object.
@Suite("Introspection")
struct IntrospectionTests {
    static func introspect(_ client: AgentClient, _ path: String) throws -> [String: IntrospectedInterface] {
        let reply = try client.connection.call(
            destination: AgentClient.bus, path: ObjectPath(path), interface: "org.freedesktop.DBus.Introspectable",
            member: "Introspect")
        return try IntrospectedInterface.read(try #require(reply.first?.stringValue))
    }

    @Test("live introspection declares what the files of dbus/ declare, errors included")
    func liveEqualsFiles() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        _ = try app.register("org.example.Notes")
        let files = try IntrospectedInterface.readShippedFiles()

        let manager = try Self.introspect(app, "/io/github/applock/AppLock1")
        #expect(manager["io.github.applock.AppLock1.Manager"] == files["io.github.applock.AppLock1.Manager"])
        #expect(manager["org.freedesktop.DBus.ObjectManager"] != nil)
        let application = try Self.introspect(app, "/io/github/applock/AppLock1/app/org_2eexample_2eNotes")
        #expect(application["io.github.applock.AppLock1.Application"] == files["io.github.applock.AppLock1.Application"])
        #expect(files["io.github.applock.AppLock1.Manager"]?.methods["Unlock"]?.errors
            .contains("io.github.applock.AppLock1.Error.Interrupted") == true)
    }

    @Test("gdbus introspect --recurse shows the manager and each registered app")
    func recursiveIntrospection() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        _ = try app.register("org.example.Notes")
        _ = try app.register("org.example.Mail")
        let result = harness.environment.run([
            "gdbus", "introspect", "--session", "--dest", "io.github.applock.AppLock1",
            "--object-path", "/io/github/applock/AppLock1", "--recurse",
        ])
        #expect(result.succeeded, "\(result.stderr)")
        #expect(result.stdout.contains("interface io.github.applock.AppLock1.Manager"))
        #expect(result.stdout.contains("node /io/github/applock/AppLock1/app/org_2eexample_2eNotes"))
        #expect(result.stdout.contains("node /io/github/applock/AppLock1/app/org_2eexample_2eMail"))
        #expect(result.stdout.contains("interface io.github.applock.AppLock1.Application"))
        #expect(result.stdout.contains("readonly s State"))
    }

    @Test("ObjectManager lists every app object with its properties")
    func objectManager() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        _ = try app.register("org.example.Notes")
        let result = harness.dbusSend("GetManagedObjects", interface: "org.freedesktop.DBus.ObjectManager")
        #expect(result.succeeded, "\(result.stderr)")
        #expect(result.stdout.contains("/io/github/applock/AppLock1/app/org_2eexample_2eNotes"))
        #expect(result.stdout.contains("io.github.applock.AppLock1.Application"))
    }
}
