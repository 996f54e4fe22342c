import AppLockClient
import AppLockCore
import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import SystemKit

extension Bench {
    static let gnomeReachApp = try! AppID("org.bench.GnomeReach")
    static let gnomeReachUUID = "applock-bench-reach@applock.github.io"

    /// Reach for a locked app → its keypad, on GNOME Shell (`gnome-shell --headless`; the row names the version) with
    /// foot, measured from the moment the bench asks an extension of its own to reach for the app as the dash does
    /// (`Main.activateWindow`, one D-Bus hop later) until that extension calls back for the lock window actor's first
    /// frame (`first-frame`, the Shell's own view of it). Pixels are not polled: the Shell's screenshot takes longer
    /// than what is measured. The lock window keeps the focus while it is up, so between rounds the app is unlocked,
    /// another foot is reached for and the app is locked again; the next reach waits, as on X11, for the guard's next
    /// lock window.
    func measureGnomeReach() throws {
        try writeGuardedApp(Self.gnomeReachApp, wmClass: Self.gnomeReachApp.rawValue)
        let (agent, _) = try startAgent()
        defer { agent.terminate() }
        let owner = try AppLockConnection(busAddress: environment.sessionBus.address, timeout: .seconds(30))
        defer { owner.close() }
        try owner.blocking.setPasscode(Self.gnomeReachApp, "1234", kind: .fourDigit)
        let events = try ReachEvents(sessionBusAddress: environment.sessionBus.address)
        defer { events.close() }
        let directory = environment.root.appendingPathComponent("bench-gnome-reach/\(Self.gnomeReachUUID)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let event = { (kind: String) in
            "Gio.DBus.session.call('\(events.uniqueName)', '\(ReachEvents.path)', '\(ReachEvents.interface)', 'Event', "
                + "new GLib.Variant('(s)', ['\(kind)']), null, Gio.DBusCallFlags.NONE, -1, null, null);"
        }
        try GnomeHideListener.writeExtension(
            uuid: Self.gnomeReachUUID, body: """
                class Observer {
                    enable() {
                        this._signals = [];
                        const watch = win => {
                            // A Wayland window gets its app id after it is created: asked when the frame comes.
                            const actor = win.get_compositor_private();
                            this._signals.push([actor, actor.connect('first-frame', () => {
                                if (win.get_wm_class() === '\(Self.lockWindowAppID)') { \(event("lock window")) }
                            })]);
                        };
                        global.get_window_actors().forEach(actor => watch(actor.meta_window));
                        this._signals.push([global.display, global.display.connect('window-created', (d, win) => watch(win))]);
                        this._reacher = Gio.DBusExportedObject.wrapJSObject(
                            '<node><interface name="io.github.applock.BenchReacher"><method name="Reach">' +
                            '<arg type="s" direction="in"/></method></interface></node>',
                            { Reach: wmClass => global.get_window_actors().map(a => a.meta_window)
                                .filter(w => w.get_wm_class() === wmClass).forEach(w => Main.activateWindow(w)) });
                        this._reacher.export(Gio.DBus.session, '/bench/reacher');
                    }
                    disable() {
                        this._reacher.unexport();
                        this._signals.forEach(([object, id]) => object.disconnect(id));
                    }
                }
                """, shellVersion: try GnomeShellSession.installedMajorVersion(), to: directory,
            description: "Reaches for windows and reports the lock window's first frame.")
        let session = try GnomeShellSession(
            environment: environment, extensionDirectories: try Self.gnomeExtensions(), otherExtensions: [directory])
        defer { session.stop() }
        let other = try session.launch(["foot", "-a", "org.bench.GnomeOther"], logName: "bench-gnome-reach-other")
        defer { other.stop() }
        let app = try session.launch(["foot", "-a", Self.gnomeReachApp.rawValue], logName: "bench-gnome-reach-app")
        defer { app.stop() }
        let guardProcess = try session.launch([try Self.sibling("applock-guard")], logName: "bench-gnome-reach-guard")
        defer { guardProcess.stop() }
        let caller = try Connection.address(environment.sessionBus.address)
        defer { caller.close() }
        func reach(_ wmClass: String) throws {
            _ = try caller.call(
                destination: "org.gnome.Shell", path: ObjectPath("/bench/reacher"), interface: "io.github.applock.BenchReacher",
                member: "Reach", arguments: [.string(wmClass)], timeout: .seconds(10))
        }
        func standbys() -> Int { guardProcess.logText().components(separatedBy: Self.standbyLine).count - 1 }
        func lockWindows() -> Int { guardProcess.logText().components(separatedBy: "applock-lock-window: shown").count - 1 }
        // The guard hid the app as it started: reached for once the guard has a lock window ready.
        _ = waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(50)) { standbys() > 0 }
        try reach(Self.gnomeReachApp.rawValue)
        guard waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(50), { lockWindows() > 0 }) else {
            throw BenchError("the lock window never came up over the locked app on GNOME: \(guardProcess.logText())")
        }
        var latencies = Latencies()
        let rounds = options.tiny ? 2 : 30
        for round in 1...rounds {
            // The lock window keeps the focus while it is up (the extension gives it back): the round unlocks, goes
            // to the other window, and locks the app again, which the guard hides with a lock window made ready.
            let shownBefore = lockWindows()
            let ready = standbys()
            try owner.blocking.unlock(Self.gnomeReachApp, passcode: "1234")
            try reach("org.bench.GnomeOther")
            try owner.blocking.lock(Self.gnomeReachApp)
            guard waitUntil(timeout: .seconds(20), pollEvery: .milliseconds(10), { standbys() > ready }) else {
                throw BenchError("round \(round): no lock window was made ready for the locked app: \(guardProcess.logText())")
            }
            guard lockWindows() == shownBefore else {
                throw BenchError("round \(round): the lock window came up before the app was reached for")
            }
            events.reset()
            let reached = EventLoop.bootTimeNanoseconds()
            try reach(Self.gnomeReachApp.rawValue)
            guard let shown = events.waitFor("lock window", timeout: 20) else {
                throw BenchError("round \(round): no lock window frame after reaching for the locked app: \(guardProcess.logText())")
            }
            latencies.record(from: reached, to: shown)
        }
        report.add("reach", "reach for a locked app (GNOME \(session.shellVersion)) → keypad's first frame p50 (\(rounds) rounds)",
                   latencies.p50 / 1000, "ms", target: "≤ 50 ms", met: latencies.p50 <= 50_000)
        report.add("reach", "reach for a locked app (GNOME \(session.shellVersion)) → keypad's first frame p99",
                   latencies.p99 / 1000, "ms", target: "≤ 100 ms", met: latencies.p99 <= 100_000)
    }
}
