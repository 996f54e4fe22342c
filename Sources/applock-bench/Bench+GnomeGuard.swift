import AppLockProtocol
import AppLockTestSupport
import Foundation

extension Bench {
    static let gnomeGuardedApp = "org.bench.GnomeGuarded"

    /// logind `Lock` → a guarded app's window no longer drawn by GNOME Shell (`gnome-shell --headless`, the one on
    /// PATH: 43 on Debian 12, 48 in the Debian 13 chroot; the rows name it): the
    /// AppLock extension has minimised it without the minimise animation and the Shell has hidden its actor, so the
    /// next frame has none of its pixels. Seen by a second extension of the bench's own that calls back the moment
    /// the actor is hidden; an unmodified foot. As in the other rows, the app has no passcode. Without a GPU the Shell
    /// turns its animations off, so the minimise animation the extension skips would not be timed here anyway.
    func measureGnomeGuard() throws {
        let apps = environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        // The Shell's keyboard (GnomeShellSession's) is a RemoteDesktop session, which counts as screen sharing.
        try "[Policy]\nGuard=true\nLockOnScreenShare=off\n".write(
            to: apps.appendingPathComponent("\(Self.gnomeGuardedApp).conf"), atomically: true, encoding: .utf8)
        let (agent, _) = try startAgent()
        defer { agent.terminate() }
        let observer = try GnomeHideListener(
            sessionBusAddress: environment.sessionBus.address, appID: Self.gnomeGuardedApp,
            directory: environment.root.appendingPathComponent("bench-gnome-extensions"),
            shellVersion: try GnomeShellSession.installedMajorVersion())
        defer { observer.close() }
        let session = try GnomeShellSession(
            environment: environment, extensionDirectories: try Self.gnomeExtensions(),
            otherExtensions: [observer.extensionDirectory])
        defer { session.stop() }
        let app = try session.launch(["foot", "-a", Self.gnomeGuardedApp], logName: "bench-gnome-foot")
        defer { app.stop() }
        guard observer.waitFor(shown: true, timeout: 15) != nil else {
            throw BenchError("foot did not show on GNOME: \(app.logText())\(session.logText().suffix(2000))")
        }
        let guardProcess = try session.launch([try Self.sibling("applock-guard")], logName: "bench-gnome-guard")
        defer { guardProcess.stop() }
        guard environment.waitForName(GuardBusNames.busName) else {
            throw BenchError("the guard did not start on GNOME: \(guardProcess.logText())")
        }
        try waitUntilGuardRegisters(Self.gnomeGuardedApp, guardProcess: guardProcess)
        // The guard covers the app from the moment it sees its window until the agent answers its registration:
        // a first Lock sent before the Shell has shown the window again would find it hidden already.
        guard observer.waitUntilShownNow(timeout: 15) else {
            throw BenchError("the app's window never came back after the guard registered it: \(guardProcess.logText())")
        }
        let (hidden, listenerLate) = try lockToHiddenLatencies(observer: observer, guardProcess: guardProcess)
        if listenerLate > 0 {
            report.add("guard", "GNOME \(session.shellVersion) rounds left out (the Lock listener ran after the Shell had acted)",
                       Double(listenerLate), "")
        }
        report.add("guard", "logind Lock → app window hidden (GNOME \(session.shellVersion)) p50", hidden.p50 / 1000, "ms")
        report.add("guard", "logind Lock → app window hidden (GNOME \(session.shellVersion)) p99", hidden.p99 / 1000, "ms",
                   target: "≤ 16.7 ms (one frame at 60 Hz)", met: hidden.p99 <= 16_700)
    }

    /// The AppLock Shell extensions' folders (one per uuid): nil when the bench runs from a build of the source tree
    /// (``GnomeShellSession`` assembles them from it), else the installed ones.
    static func gnomeExtensions() throws -> [URL]? {
        let source = PackageFolders.package.appendingPathComponent("data/gnome-shell/applock.js")
        if FileManager.default.fileExists(atPath: source.path) { return nil }
        let candidates = ["/usr/local/share/gnome-shell/extensions", "/usr/share/gnome-shell/extensions"]
            .map { URL(fileURLWithPath: $0) }
        guard let found = candidates.first(where: {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("\(GnomeShellExtensions.appLockUUID)/extension.js").path)
        }) else { throw BenchError("the AppLock Shell extensions are not found (looked in \(source.path) and \(candidates.map(\.path)))") }
        return GnomeShellExtensions.appLockUUIDs.map { found.appendingPathComponent($0) }
    }
}
