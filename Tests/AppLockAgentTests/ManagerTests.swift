import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// The Manager interface end to end: the real agent on a private bus, driven
/// from Swift connections and from the real `dbus-send` and `gdbus`.
@Suite("Manager interface")
struct ManagerTests {
    @Test("dbus-send lists applications and gdbus reads the manager's properties")
    func commandLineClients() throws {
        let harness = try AgentHarness()
        let list = harness.dbusSend("ListApplications")
        #expect(list.succeeded, "\(list.stderr)")
        #expect(list.stdout.contains("array ["))

        let version = harness.environment.call(
            destination: "io.github.applock.AppLock1", path: "/io/github/applock/AppLock1",
            method: "org.freedesktop.DBus.Properties.Get", ["io.github.applock.AppLock1.Manager", "Version"]
        )
        #expect(version.succeeded, "\(version.stderr)")
        #expect(version.stdout.contains("<'0.1.0'>"))
        let session = harness.gdbusCall("ListApplications")
        #expect(session.succeeded)
    }

    @Test("register, get, list and unregister an app")
    func registrationLifecycle() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        let path = try app.register("org.example.Notes")
        #expect(path.rawValue == "/io/github/applock/AppLock1/app/org_2eexample_2eNotes")
        #expect(try app.call("GetApplication", [.string("org.example.Notes")]).first?.objectPathValue == path)

        let rows = try app.list()
        #expect(rows.count == 1)
        #expect(rows.first?.app == "org.example.Notes")
        #expect(rows.first?.state == "unlocked")
        #expect(rows.first?.owner == app.uniqueName)
        #expect(try app.appProperty("org.example.Notes", "Registered").boolValue == true)
        #expect(try app.appProperty("org.example.Notes", "AppId").stringValue == "org.example.Notes")
        #expect(try app.appProperty("org.example.Notes", "Reason").stringValue == "launch")

        try app.call("UnregisterApplication", [.string("org.example.Notes")])
        #expect(try app.list().isEmpty)
        #expect(app.errorName("GetApplication", [.string("org.example.Notes")])
            == "io.github.applock.AppLock1.Error.UnknownApplication")
    }

    @Test("bad app ids are InvalidArgument and change nothing", arguments: [
        "", ".org.example", "-notes", "..", "org.exa mple", "org.exämple", "org/example", "org\\x2dexample",
        String(repeating: "a.", count: 128) + "b",
    ])
    func invalidAppIDs(appID: String) throws {
        let harness = try AgentHarness(keyring: false)
        let app = try harness.client()
        #expect(app.errorName("RegisterApplication", [.string(appID)]) == "io.github.applock.AppLock1.Error.InvalidArgument")
        #expect(app.errorName("Lock", [.string(appID)]) == "io.github.applock.AppLock1.Error.InvalidArgument")
        #expect(try app.list().isEmpty)
    }

    /// SPEC: every desktop-file id is an app id, reverse-DNS or not.
    @Test("desktop-file ids without dots are app ids: registered and locked over the bus", arguments: [
        "firefox-esr", "chromium", "libreoffice-writer", "debian-xterm", "python3.11", "firefox_firefox", "7zip",
    ])
    func desktopFileIDs(appID: String) throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        #expect(app.errorName("RegisterApplication", [.string(appID)]) == nil)
        #expect(app.errorName("Lock", [.string(appID)]) == nil)
        #expect(try app.list().map(\.0) == [appID])
    }

    @Test("a second connection cannot take, drive or drop an app it does not own")
    func ownerChecks() throws {
        let harness = try AgentHarness()
        let owner = try harness.client()
        let other = try harness.client()
        _ = try owner.register("org.example.Notes")
        let id = DBusValue.string("org.example.Notes")
        #expect(other.errorName("RegisterApplication", [id]) == "io.github.applock.AppLock1.Error.AlreadyRegistered")
        #expect(other.errorName("UnregisterApplication", [id]) == "io.github.applock.AppLock1.Error.AccessDenied")
        #expect(other.errorName("ReportActivity", [id, .string("background")]) == "io.github.applock.AppLock1.Error.AccessDenied")
        #expect(other.errorName("Inhibit", [id, .string("mine")]) == "io.github.applock.AppLock1.Error.AccessDenied")
        #expect(other.errorName("UnregisterApplication", [.string("org.example.Other")])
            == "io.github.applock.AppLock1.Error.NotRegistered")
        #expect(owner.errorName("ReportActivity", [id, .string("sideways")]) == "io.github.applock.AppLock1.Error.InvalidArgument")
        #expect(try owner.list().first?.owner == owner.uniqueName)
        #expect(try owner.state("org.example.Notes") == "unlocked")
    }

    @Test("an owner leaving the bus ends its registration and inhibitors")
    func disconnectCleanUp() throws {
        let harness = try AgentHarness()
        let watcher = try harness.client()
        watcher.watchProperties(of: "org.example.Notes")
        let owner = try harness.client()
        _ = try owner.register("org.example.Notes")
        _ = try owner.call("Inhibit", [.string("org.example.Notes"), .string("presenting")])
        #expect(try watcher.appProperty("org.example.Notes", "Inhibited").boolValue == true)
        owner.close()
        let gone = waitUntil(timeout: .seconds(5)) { (try? watcher.list().isEmpty) == true }
        #expect(gone)
        let change = try watcher.waitForSignal { message in
            guard message.member == "PropertiesChanged", let arguments = try? message.arguments(), arguments.count >= 2 else {
                return false
            }
            return arguments[1].dictionaryValue?.contains { $0.0.stringValue == "Registered" } == true
        }
        #expect(change != nil, "Registered turned false with PropertiesChanged")
        let other = try harness.client()
        _ = try other.register("org.example.Notes")
        #expect(try other.appProperty("org.example.Notes", "Inhibited").boolValue == false)
    }

    @Test("Lock obscures an app without a passcode; StateChanged arrives through an arg0 match")
    func manualLock() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        _ = try app.register("org.example.Notes")
        _ = try app.register("org.example.Other")
        app.watchStateChanged(of: "org.example.Notes")
        app.watchProperties(of: "org.example.Notes")
        try app.call("LockAll")
        let change = try #require(try app.nextStateChange(of: "org.example.Notes"))
        #expect(change.state == "obscured")
        #expect(change.reason == "manual")
        let properties = try #require(try app.nextPropertiesChange(of: "org.example.Notes"))
        #expect(properties["State"]?.stringValue == "obscured")
        #expect(properties["Reason"]?.stringValue == "manual")
        #expect(try app.state("org.example.Other") == "obscured")
        #expect(app.errorName("Lock", [.string("org.example.Unknown")]) == "io.github.applock.AppLock1.Error.UnknownApplication")
    }

    @Test("ReloadPolicy applies the files and announces PolicyReloaded; a broken file answers PolicyFileBroken and keeps its last good version")
    func reloadPolicy() throws {
        let harness = try AgentHarness()
        let file = harness.environment.configHome.appendingPathComponent("applock/apps.d/org.example.Notes.conf")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let app = try harness.client()
        _ = try app.register("org.example.Notes")
        app.connection.addMatch(MatchRule(
            sender: AgentClient.bus, path: AgentClient.managerPath, interface: AgentClient.manager, member: "PolicyReloaded"))

        try "[Policy]\nGracePeriod=7\n".write(to: file, atomically: true, encoding: .utf8)
        try app.call("ReloadPolicy")
        #expect(try app.policy("org.example.Notes", "GracePeriod")?.uint32Value == 7)
        #expect(try app.waitForSignal { $0.member == "PolicyReloaded" } != nil)

        try "[Policy]\nGracePeriod=seven\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(app.errorName("ReloadPolicy") == "io.github.applock.AppLock1.Error.PolicyFileBroken")
        #expect(try app.policy("org.example.Notes", "GracePeriod")?.uint32Value == 7)
        #expect(try app.waitForSignal { $0.member == "PolicyReloaded" } != nil)
    }

    @Test("background past the grace period hides the app; foreground before it cancels")
    func gracePeriod() throws {
        let harness = try AgentHarness()
        try harness.environment.writeAppPolicy("org.example.Notes", "GracePeriod=1\n")
        try harness.environment.writeAppPolicy("org.example.Quick", "GracePeriod=1\nObscureInBackground=true\n")
        harness.agent.kill(SIGHUP)

        let app = try harness.client()
        _ = try app.register("org.example.Notes")
        app.watchStateChanged(of: "org.example.Notes")
        let grace = try #require(try app.policy("org.example.Notes", "GracePeriod")?.uint32Value)
        #expect(grace == 1)

        try app.call("ReportActivity", [.string("org.example.Notes"), .string("background")])
        try app.call("ReportActivity", [.string("org.example.Notes"), .string("foreground")])
        #expect(try app.nextStateChange(of: "org.example.Notes", timeout: .milliseconds(1500)) == nil)
        #expect(try app.state("org.example.Notes") == "unlocked")

        try app.call("ReportActivity", [.string("org.example.Notes"), .string("background")])
        let hidden = try #require(try app.nextStateChange(of: "org.example.Notes", timeout: .seconds(5)))
        #expect(hidden.state == "obscured")
        #expect(hidden.reason == "background")
        try app.call("ReportActivity", [.string("org.example.Notes"), .string("foreground")])
        let back = try #require(try app.nextStateChange(of: "org.example.Notes"))
        #expect(back.state == "unlocked")
        #expect(back.reason == "foreground")

        _ = try app.register("org.example.Quick")
        app.watchStateChanged(of: "org.example.Quick")
        try app.call("ReportActivity", [.string("org.example.Quick"), .string("background")])
        #expect(try app.state("org.example.Quick") == "obscured", "ObscureInBackground: the call itself obscured it")
        let quick = try #require(try app.nextStateChange(of: "org.example.Quick"))
        #expect(quick.state == "obscured")
        #expect(quick.reason == "background")
    }

    @Test("Inhibit holds off triggers; Uninhibit releases; bad cookies are refused")
    func inhibitors() throws {
        let harness = try AgentHarness()
        let app = try harness.client()
        _ = try app.register("org.example.Notes")
        let cookie = try #require(try app.call("Inhibit", [.string("org.example.Notes"), .string("presenting")]).first?.uint32Value)
        #expect(try app.appProperty("org.example.Notes", "Inhibited").boolValue == true)
        let other = try harness.client()
        #expect(other.errorName("Uninhibit", [.uint32(cookie)]) != nil)
        #expect(try app.appProperty("org.example.Notes", "Inhibited").boolValue == true)
        try app.call("Uninhibit", [.uint32(cookie)])
        #expect(try app.appProperty("org.example.Notes", "Inhibited").boolValue == false)
        #expect(app.errorName("Uninhibit", [.uint32(cookie)]) == "io.github.applock.AppLock1.Error.InvalidArgument")
    }

    @Test("wrong signatures answer InvalidArgs; unknown members and objects their standard errors")
    func malformedCalls() throws {
        let harness = try AgentHarness(keyring: false)
        let wrong = harness.dbusSend("RegisterApplication", ["uint32:7"])
        #expect(!wrong.succeeded)
        #expect(wrong.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"))
        let unknown = harness.dbusSend("Explode")
        #expect(unknown.stderr.contains("org.freedesktop.DBus.Error.UnknownMethod"))
        let nowhere = harness.dbusSend("ListApplications", path: "/io/github/applock/AppLock1/app/nothing")
        #expect(nowhere.stderr.contains("org.freedesktop.DBus.Error.UnknownObject"))
        let set = harness.dbusSend("Set", ["string:io.github.applock.AppLock1.Manager", "string:Version", "variant:string:9"],
                                   interface: "org.freedesktop.DBus.Properties")
        #expect(set.stderr.contains("org.freedesktop.DBus.Error.PropertyReadOnly"))
        let ping = harness.dbusSend("Ping", interface: "org.freedesktop.DBus.Peer")
        #expect(ping.succeeded)
        #expect(harness.agent.isRunning)
    }
}
