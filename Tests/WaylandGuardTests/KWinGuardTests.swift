import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// applock-guard on KDE Plasma's KWin, 5.27 and 6 (``KWinSession``): the lock window runs as a user gets it on
/// Plasma (a native Wayland GTK window) and keys are typed as KWin's own input (`KWinSession.type`), over an
/// unmodified native Wayland app (weston-terminal) and an unmodified X11 app on Xwayland (xterm).
@Suite("Guard on KDE Plasma (KWin)", .serialized)
struct KWinGuardTests {
    /// xterm's magenta and yellow.
    static let xtermColours: Set<UInt32> = [0xFF00FF, 0xFFFF00]
    /// weston-terminal's magenta and yellow (colours 201 and 226 of its 256, which it draws as 0xD5 levels).
    static let westonColours: Set<UInt32> = [0xD500D5, 0xD5D500]
    /// The lock window's background: libadwaita's light window colour (0xFAFAFA in 1.2, Debian 12; 0xFAFAFB in 1.7,
    /// Debian 13).
    static let lockWindowColours: Set<UInt32> = [0xFAFAFA, 0xFAFAFB]

    static func artifact(_ label: String) -> URL {
        SwayGuardHarness.artifacts.appendingPathComponent("kwin-\(label).png")
    }

    /// Waits until KWin's screen shows none of the xterm's colours (`hidden`) or more than 10 000 of its pixels; the
    /// screenshot is kept as ``artifact(_:)`` `label`.
    static func waitUntilXterm(hidden: Bool, on session: KWinSession, label: String) -> Bool {
        let held = waitUntil(timeout: .seconds(20)) {
            guard let pixels = try? session.countPixels(xtermColours) else { return false }
            return hidden ? pixels == 0 : pixels > 10_000
        }
        _ = try? session.countPixels(xtermColours, keep: artifact(label))
        return held
    }

    @Test("A guarded native Wayland app starts minimised with the lock window centred above it and focused; keys typed meanwhile reach nothing; the passcode typed into the lock window brings it back")
    func nativeAppUnlocksFromTheLockWindow() throws {
        let app = "org.freedesktop.weston.wayland-terminal"
        try Self.lockAndUnlock(app: app, label: "wayland", desktopEntry: "Exec=weston-terminal\n", appColours: Self.westonColours) { session, recorder in
            // weston-terminal runs its "shell": it fills the terminal with magenta (colour 201 of the 256) and writes
            // in yellow (226), then records every key that reaches it.
            let shell = session.environment.root.appendingPathComponent("recording-shell")
            try """
                #!/bin/sh
                printf '\\033[48;5;201m\\033[38;5;226m%1919s\\033[H' ''
                stty -icanon -echo
                exec cat > '\(recorder.path)'

                """.write(to: shell, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shell.path)
            return try session.launch(["weston-terminal", "--shell=\(shell.path)"], logName: "weston-terminal")
        }
    }

    @Test("A guarded X11 app (Xwayland) starts minimised with the lock window above it; keys typed meanwhile reach nothing; the passcode brings it back")
    func xwaylandAppUnlocksFromTheLockWindow() throws {
        let app = "org.example.Notes"
        try Self.lockAndUnlock(app: app, label: "xwayland", desktopEntry: "Exec=xterm -class \(app)\n", appColours: Self.xtermColours) { session, recorder in
            try session.launch([
                "xterm", "-class", app, "-bg", "magenta", "-fg", "yellow", "-geometry", "80x24+100+100",
                "-e", "sh", "-c", "exec cat > '\(recorder.path)'",
            ], logName: "xterm")
        }
    }

    @Test("A guarded app unlocked by applockctl comes back; logind Lock hides it again; restored while no guard runs, it is hidden again by a restarted guard, which shows the lock window for it")
    func logindLockAndARestartedGuardHide() throws {
        let app = "org.example.Notes"
        let setup = try GuardedAgent(app: app, desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=xterm -class \(app)\n")
        let environment = setup.environment
        defer { environment.cleanup() }
        let session = try KWinSession(environment: environment)
        defer { session.stop() }
        let guardProgram = try PackageFolders.program("applock-guard")
        var guardProcess = try session.launch([guardProgram, "--verbose"], logName: "guard")
        defer { guardProcess.stop() }
        #expect(environment.waitForName(GuardBusNames.busName), "\(guardProcess.logText())")
        let xterm = try session.launch([
            "xterm", "-class", app, "-bg", "magenta", "-fg", "yellow", "-geometry", "80x24+100+100",
        ], logName: "xterm")
        defer { xterm.stop() }
        func log() -> String { guardProcess.logText() + "\n--- kwin\n" + session.logText().suffix(3000) }
        func state() -> String? { try? setup.client.state(app) }
        func waitUntilHidden(_ hidden: Bool = true, label: String) -> Bool {
            Self.waitUntilXterm(hidden: hidden, on: session, label: "restart-\(label)")
        }
        #expect(waitUntil(timeout: .seconds(20)) { state() == "locked" }, "\(log())")
        #expect(waitUntilHidden(label: "locked"), "\(log())")

        let unlocked = environment.run([try PackageFolders.program("applockctl"), "unlock", app, "--stdin"],
                                       input: GuardedAgent.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(waitUntilHidden(false, label: "unlocked-by-applockctl"), "\(log())")

        try environment.logindSessionLock()
        #expect(waitUntil(timeout: .seconds(20)) { state() == "locked" }, "\(log())")
        #expect(waitUntilHidden(label: "logind-lock"), "\(log())")

        guardProcess.stop()
        #expect(try session.reachFor(pid: xterm.pid) == 1, "the app's window is there to reach for")
        #expect(waitUntilHidden(false, label: "restored-without-guard"), "with no guard running, the window comes back")
        #expect((try? session.countPixels(Self.lockWindowColours)) ?? Int.max < 10_000, "no lock window is left on screen")
        guardProcess = try session.launch([guardProgram, "--verbose"], logName: "guard-restarted")
        #expect(waitUntilHidden(label: "restarted-guard"), "the restarted guard hides it again: \(log())")
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.countPixels(Self.lockWindowColours)) ?? 0 > 100_000 },
                "the restarted guard shows the lock window\n\(log())")
        #expect(state() == "locked")
    }

    @Test("Protected once the KWin script polled; the script unloaded, the guard says so on the bus, in applockctl status and in one notification")
    func scriptUnloadedIsSaid() throws {
        let setup = try GuardedAgent(app: "org.example.Notes", desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=xterm\n")
        let environment = setup.environment
        defer { environment.cleanup() }
        try environment.startNotificationServer()
        let session = try KWinSession(environment: environment)
        defer { session.stop() }
        let guardProcess = try session.launch([try PackageFolders.program("applock-guard"), "--verbose"], logName: "guard")
        defer { guardProcess.stop() }
        let probe = GuardStatusProbe(environment: environment)
        let healthy = probe.waitFor(nil)
        #expect(healthy?.statement == "protecting guarded apps on KDE Plasma (KWin) (its KWin script polls the guard)",
                "\(String(describing: healthy))\n\(guardProcess.logText())")
        let printed = try probe.applockctlStatus()
        #expect(printed.status == 0, "\(printed.stdout)\(printed.stderr)")
        let unloaded = environment.call(
            destination: "org.kde.KWin", path: "/Scripting", method: "org.kde.kwin.Scripting.unloadScript", ["'applock-guard'"])
        #expect(unloaded.stdout.contains("true"), "\(unloaded.stdout)\(unloaded.stderr)")
        try expectNotProtecting(probe, .scriptUnloaded, statement: "the AppLock KWin script was unloaded") {
            guardProcess.logText()
        }
    }

    @Test("KWin hangs (SIGSTOP): once its script's held Poll is answered and no next one comes, the guard says the script is silent, everywhere; KWin going on (SIGCONT) polls again and it protects again")
    func silentScriptIsSaid() throws {
        let setup = try GuardedAgent(app: "org.example.Notes", desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=xterm\n")
        let environment = setup.environment
        defer { environment.cleanup() }
        try environment.startNotificationServer()
        let session = try KWinSession(environment: environment)
        defer { session.stop() }
        let guardProcess = try session.launch([try PackageFolders.program("applock-guard"), "--verbose"], logName: "guard")
        defer { guardProcess.stop() }
        let probe = GuardStatusProbe(environment: environment)
        #expect(probe.waitFor(nil)?.protected == true, "\(guardProcess.logText())")
        session.signal(SIGSTOP)
        // The guard answers a held Poll after at most CompositorGuard.pollHold (15 s), then waits the bound.
        let status = probe.waitFor(.scriptSilent, timeout: .seconds(40))
        session.signal(SIGCONT)
        #expect(status?.reason == GuardReason.scriptSilent.rawValue, "\(String(describing: status))\n\(guardProcess.logText())")
        #expect(status?.statement.contains("the AppLock KWin script stopped polling the guard") == true,
                "\(String(describing: status))")
        let notifications = probe.waitForNotifications()
        #expect(notifications.count == 1 && notifications.first?.body.contains("stopped polling") == true, "\(notifications)")
        #expect(probe.waitFor(nil)?.protected == true, "polling again: \(guardProcess.logText())")
    }

    /// Starts KWin, the guard and the app (`launch`, whose keys go to `recorder`; drawn in `appColours`), then
    /// checks what a user sees and types: the app minimised, the lock window above, focused and centred, keys reaching
    /// nothing (also after reaching for the app as the task bar does), the passcode unlocking, the app back with the
    /// keyboard.
    static func lockAndUnlock(
        app: String, label: String, desktopEntry: String, appColours: Set<UInt32>,
        launch: (KWinSession, URL) throws -> SessionProcess
    ) throws {
        let setup = try GuardedAgent(app: app, desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\n\(desktopEntry)")
        let environment = setup.environment
        defer { environment.cleanup() }
        let client = setup.client
        let session = try KWinSession(environment: environment)
        defer { session.stop() }
        let guardProcess = try session.launch([try PackageFolders.program("applock-guard"), "--verbose"], logName: "guard")
        defer { guardProcess.stop() }
        #expect(environment.waitForName(GuardBusNames.busName), "\(guardProcess.logText())")
        let recorder = environment.root.appendingPathComponent("recorder.txt")
        let appProcess = try launch(session, recorder)
        defer { appProcess.stop() }
        func log() -> String { guardProcess.logText() + "\n--- app\n" + appProcess.logText() + "\n--- kwin\n" + session.logText().suffix(3000) }
        #expect(waitUntil(timeout: .seconds(20)) { (try? client.state(app)) == "locked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.countPixels(appColours)) == 0 }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.countPixels(lockWindowColours)) ?? 0 > 100_000 },
                "the lock window is on screen\n\(log())")

        var lockWindow: KWinWindow?
        #expect(waitUntil(timeout: .seconds(20)) {
            lockWindow = (try? session.windows())?.first { $0.pid != appProcess.pid && $0.resourceClass != app && !$0.minimized }
            return lockWindow?.active == true && lockWindow?.keepAbove == true
        }, "the lock window is kept above with the keyboard: \((try? session.windows()) ?? [])\n\(log())")
        if let lockWindow {
            let size = KWinSession.screenSize
            let off = lockWindow.offCentre(screenWidth: size.width, screenHeight: size.height)
            #expect(lockWindow.isInside(screenWidth: size.width, screenHeight: size.height) && off.x <= 4 && off.y <= 4,
                    "the lock window is centred on the screen: \(lockWindow)")
            #expect(lockWindow.isNativeWayland, "the lock window is a native Wayland window: \(lockWindow)")
        }
        let appWindow = (try? session.windows())?.first { $0.pid == appProcess.pid }
        #expect(appWindow?.isNativeWayland == (label == "wayland"), "the app runs where the test meant: \(String(describing: appWindow))")
        // KWin 6.5+ keeps a hidden window out of screen casts too; earlier ones have no such property.
        let excludes = session.version.split(separator: ".").compactMap { Int($0) }.lexicographicallyPrecedes([6, 5]) ? nil : true
        #expect(appWindow?.excludedFromCapture == excludes, "KWin \(session.version): \(String(describing: appWindow))")
        _ = try? session.countPixels(appColours, keep: artifact("\(label)-locked"))

        #expect(session.type("typed while hidden").succeeded)
        session.key("Return")
        #expect(try session.reachFor(pid: appProcess.pid) == 1, "the app's window is there to reach for")
        session.type("typed after reaching")
        #expect(waitUntil(timeout: .seconds(10)) { (try? session.countPixels(appColours)) == 0 }, "\(log())")
        _ = try? session.countPixels(appColours, keep: artifact("\(label)-reached-for"))
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? session.windows())?.first { $0.pid != appProcess.pid && !$0.minimized }?.active == true
        }, "the lock window has the keyboard again: \((try? session.windows()) ?? [])")
        #expect(session.type(SwayGuardHarness.passcode).succeeded)
        #expect(waitUntil(timeout: .seconds(20)) { (try? client.state(app)) == "unlocked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.countPixels(appColours)) ?? 0 > 10_000 }, "\(log())")
        _ = try? session.countPixels(appColours, keep: artifact("\(label)-unlocked"))
        let shown = (try? session.windows())?.first { $0.pid == appProcess.pid }
        #expect(shown?.excludedFromCapture == excludes.map { _ in false }, "captured again: \(String(describing: shown))")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? session.windows())?.first { $0.pid == appProcess.pid }?.active == true
        }, "the app has the keyboard again: \((try? session.windows()) ?? [])\n\(log())")
        session.type("after")
        session.key("Return")
        func recorded() -> String { (try? String(contentsOf: recorder, encoding: .utf8)) ?? "" }
        #expect(waitUntil(timeout: .seconds(10)) { recorded().contains("after") }, "the unlocked app gets keys: \(recorded())")
        #expect(!recorded().contains("typed"), "keys typed while covered reached the app: \(recorded())")
        #expect(!recorded().contains(SwayGuardHarness.passcode), "the passcode reached the app: \(recorded())")
    }
}
