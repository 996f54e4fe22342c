import AppLockTestSupport
import Foundation
import Testing

/// What `Introspect` serves is what `dbus/` holds, and `gdbus introspect --recurse` walks every object.
@Suite("Introspection")
struct IntrospectionTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ name: String) throws -> String {
        var text = try String(contentsOf: repository.appendingPathComponent("dbus/\(name)"), encoding: .utf8)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    @Test("live introspection serves the interface files of dbus/ verbatim")
    func liveEqualsFiles() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        _ = try app.register("org.example.Notes")

        let manager = harness.dbusSend("Introspect", interface: "org.freedesktop.DBus.Introspectable")
        #expect(manager.succeeded)
        #expect(manager.stdout.contains(try Self.file("io.github.applock.AppLock1.Manager.xml")))
        #expect(manager.stdout.contains("org.freedesktop.DBus.ObjectManager"))
        let application = harness.dbusSend(
            "Introspect", path: "/io/github/applock/AppLock1/app/org_2eexample_2eNotes",
            interface: "org.freedesktop.DBus.Introspectable"
        )
        #expect(application.stdout.contains(try Self.file("io.github.applock.AppLock1.Application.xml")))
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
