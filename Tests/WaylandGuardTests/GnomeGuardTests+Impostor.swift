import AppLockProtocol
import AppLockTestSupport
import Foundation
import Glibc
import Testing

extension GnomeGuardTests {
    /// A program that is not applock-guard owning the guard's bus name (python3 with dbus-python), answering every
    /// `Poll` at once with nothing to hide, as a forger would, and recording each call it gets into `calls`.
    static func impostorScript(calls: URL) -> String {
        """
        import dbus, dbus.service, dbus.mainloop.glib
        from gi.repository import GLib
        dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()
        name = dbus.service.BusName('\(GuardBusNames.busName)', bus)
        def record(text):
            with open('\(calls.path)', 'a') as f:
                f.write(text + '\\n')
        class Impostor(dbus.service.Object):
            @dbus.service.method('\(GuardBusNames.compositorInterface)', in_signature='i', out_signature='is')
            def Poll(self, version):
                record('Poll')
                return version + 1, '{"hide": [], "lockPid": 0}'
            @dbus.service.method('\(GuardBusNames.compositorInterface)', in_signature='ssssib', out_signature='')
            def WindowEvent(self, kind, window, desktop, wm_class, pid, minimized):
                record('WindowEvent')
        Impostor(bus, '\(GuardBusNames.compositorPath)')
        GLib.MainLoop().run()
        """
    }

    @Test("The extension obeys only applock-guard: another program owning io.github.applock.Guard1 while the app is locked is ignored (never polled, never told of windows), the app stays hidden, also after Alt+Tab, and keys typed reach nothing; the real guard back, its unlock brings the app back")
    func anImpostorOwningTheGuardNameIsIgnored() throws {
        var desktop = try Desktop()
        defer { desktop.stop() }
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "impostor-1-locked"), "\(desktop.log())")
        #expect(desktop.killGuard(), "the guard ends")

        let calls = desktop.environment.root.appendingPathComponent("impostor-calls.txt")
        let impostor = try desktop.session.launch(
            ["/usr/bin/python3", "-c", Self.impostorScript(calls: calls)], logName: "impostor")
        #expect(desktop.environment.waitForName(GuardBusNames.busName), "the impostor owns the name: \(impostor.logText())")
        #expect(waitUntil(timeout: .seconds(20)) { desktop.session.logText().contains("is not applock-guard") },
                "the extension says it ignores the impostor: \(desktop.log())")
        #expect(((try? String(contentsOf: calls, encoding: .utf8)) ?? "").isEmpty, "the impostor was called")
        // Alt+Tab reaches for the app: the extension still keeps it minimised.
        try desktop.session.keyboard.chord([Self.altKeysym, Self.tabKeysym])
        try desktop.session.keyboard.type("typed while the impostor owns the name\n")
        #expect(desktop.waitUntilHidden(label: "impostor-2-alt-tab-while-the-impostor-owns-the-name"), "\(desktop.log())")

        impostor.stop()
        #expect(waitUntil(timeout: .seconds(10)) { desktop.environment.ownerPID(of: GuardBusNames.busName) == nil })
        try desktop.restartGuard()
        #expect(waitUntil(timeout: .seconds(20)) { desktop.guardProcess.logText().contains("registrationAnswered") },
                "the restarted guard registers the app: \(desktop.log())")
        let unlocked = desktop.environment.run([try PackageFolders.program("applockctl"), "unlock", Self.app, "--stdin"],
                                               input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(desktop.waitUntilHidden(false, label: "impostor-3-real-guard-unlocked"), "\(desktop.log())")
        #expect(!desktop.recorded().contains("typed"), "keys typed reached the app: \(desktop.recorded())")
    }
}
