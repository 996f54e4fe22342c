import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// The guard's status item on the bus, with the real agent and the X11 guard (Xvfb, openbox, an xterm of the guarded
/// app): it registers with a watcher the test plays, and again when the watcher comes back; its properties and its
/// menu read with `gdbus` and `dbus-send`; "Lock All Now" chosen through dbusmenu's `Event` locks every protected app.
@Suite(.serialized) struct StatusItemTests {
    static let item = StatusMenu.itemPath
    static let menu = StatusMenu.path

    static func property(_ environment: TestEnvironment, _ name: String) -> String {
        environment.call(destination: GuardBusNames.busName, path: item, method: "org.freedesktop.DBus.Properties.Get",
                         ["org.kde.StatusNotifierItem", name]).stdout
    }

    @Test("The item registers with the watcher, again when it comes back, and Lock All Now locks every protected app")
    func registersAndLocksEveryApp() throws {
        let harness = try GuardHarness("status-item")
        let watcher = try StatusWatcher(address: harness.environment.sessionBus.address)
        _ = try harness.startUnlockedApp()
        let environment = harness.environment
        let guardName = try #require(StatusMenu.guardName(environment))
        #expect(waitUntil(timeout: .seconds(10)) { watcher.registrations.count == 1 }, "\(harness.guardLog())")
        #expect(watcher.registrations.first == .init(sender: guardName, service: guardName))

        try watcher.leave()
        try watcher.appear()
        #expect(waitUntil(timeout: .seconds(10)) { watcher.registrations.count == 2 }, "\(harness.guardLog())")
        #expect(watcher.registrations.last == .init(sender: guardName, service: guardName))

        let all = environment.call(destination: guardName, path: Self.item,
                                   method: "org.freedesktop.DBus.Properties.GetAll", ["org.kde.StatusNotifierItem"]).stdout
        for expected in ["'Category': <'ApplicationStatus'>", "'Id': <'applock'>", "'Title': <'AppLock'>",
                         "'Status': <'Active'>", "'IconName': <'system-lock-screen-symbolic'>",
                         "'AttentionIconName': <'dialog-warning-symbolic'>", "'ItemIsMenu': <true>",
                         "'Menu': <objectpath '/MenuBar'>"] {
            #expect(all.contains(expected), "\(expected) in \(all)")
        }
        #expect(Self.property(environment, "ToolTip").contains("protecting guarded apps on X11"))
        let version = environment.call(destination: guardName, path: Self.menu, method: "org.freedesktop.DBus.Properties.Get",
                                       ["com.canonical.dbusmenu", "Version"]).stdout
        #expect(version.contains("<uint32 3>"), "\(version)")

        let unlocked = StatusMenu.layout(environment)
        for expected in ["'label': <'Lock All Now'>", "'label': <'Notes — Unlocked'>", "'label': <'AppLock Settings'>",
                         "'type': <'separator'>"] {
            #expect(unlocked.contains(expected), "\(expected) in \(unlocked)")
        }

        // Bad input changes nothing and is answered by name.
        let unknown = environment.run([
            "dbus-send", "--session", "--print-reply", "--dest=\(guardName)", Self.menu, "com.canonical.dbusmenu.Event",
            "int32:999", "string:clicked", "variant:string:", "uint32:0",
        ])
        #expect(unknown.stderr.contains("io.github.applock.Guard1.Error.UnknownMenuItem"), "\(unknown.stderr)")
        let malformed = environment.run([
            "dbus-send", "--session", "--print-reply", "--dest=\(guardName)", Self.menu, "com.canonical.dbusmenu.Event",
            "string:1", "string:clicked",
        ])
        #expect(malformed.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(malformed.stderr)")
        #expect(harness.state() == "unlocked")

        // Choosing the unlocked app locks it.
        #expect(StatusMenu.click(environment, guardName, StatusMenu.item(StatusMenu.layout(environment), "Notes — Unlocked")))
        #expect(harness.waitForState("locked"), "\(harness.guardLog())")
        try harness.unlock()
        #expect(harness.waitForState("unlocked"))

        #expect(StatusMenu.click(environment, guardName, 1), "Lock All Now")
        #expect(harness.waitForState("locked"), "\(harness.guardLog())")
        #expect(waitUntil(timeout: .seconds(10)) { StatusMenu.layout(environment).contains("'label': <'Notes — Locked'>") },
                "\(StatusMenu.layout(environment))")

        // Another app in front takes the lock window away; choosing the locked app brings it back.
        let other = try harness.startOtherApp()
        harness.session.xdotool(["windowactivate", "--sync", String(other)])
        #expect(waitUntil(timeout: .seconds(10)) { harness.activeWindow() == other })
        #expect(waitUntil(timeout: .seconds(10)) { (try? harness.lockWindowOnScreen(label: nil))?.keys.isEmpty == true },
                "the lock window stayed with another app in front")
        #expect(StatusMenu.click(environment, guardName, StatusMenu.item(StatusMenu.layout(environment), "Notes — Locked")))
        let (shown, seen) = harness.waitUntilLockWindowShowsEverything(label: "chosen")
        #expect(shown, "\(String(describing: seen))\n\(harness.guardLog())")
        #expect(harness.activeWindow() != other)

        // AppLock Settings opens, as a window of its own.
        #expect(StatusMenu.click(environment, guardName, StatusMenu.item(StatusMenu.layout(environment), "AppLock Settings")))
        var settings: [UInt32] = []
        #expect(waitUntil(timeout: .seconds(20)) {
            settings = harness.session.xdotool(["search", "--onlyvisible", "--name", "^AppLock Settings$"]).stdout
                .split(separator: "\n").compactMap { UInt32($0) }
            return !settings.isEmpty
        }, "\(harness.guardLog())")
        for window in settings {
            if let pid = Int32(harness.session.xdotool(["getwindowpid", String(window)]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)) { kill(pid, SIGTERM) }
        }
    }

    @Test("With no display the guard is not protecting: the item says NeedsAttention and the reason in its tooltip")
    func needsAttentionWhileNotProtecting() throws {
        let agent = try GuardedAgent(app: GuardHarness.app, desktopEntry: nil, withPasscode: false)
        let environment = agent.environment
        defer { environment.cleanup() }
        let watcher = try StatusWatcher(address: environment.sessionBus.address)
        var variables = environment.environment
        variables["DISPLAY"] = nil
        variables["WAYLAND_DISPLAY"] = nil
        let guardProcess = try SessionProcess([try PackageFolders.program("applock-guard")], variables: variables,
                                              in: environment, logName: "guard")
        defer { guardProcess.stop() }
        #expect(environment.waitForName(GuardBusNames.busName), "\(guardProcess.logText())")
        #expect(waitUntil(timeout: .seconds(10)) { watcher.registrations.count == 1 }, "\(guardProcess.logText())")
        #expect(Self.property(environment, "Status").contains("'NeedsAttention'"))
        let tip = Self.property(environment, "ToolTip")
        #expect(tip.contains("NOT protecting") && tip.contains("there is no display"), "\(tip)")
    }
}
