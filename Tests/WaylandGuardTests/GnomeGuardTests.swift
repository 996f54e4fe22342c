import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// applock-guard on GNOME Shell (`gnome-shell --headless`: 43 on Debian 12, 48 in the Debian 13 chroot) with the
/// AppLock extension of its generation, over an unmodified foot (yellow on magenta, its shell running `cat` into a
/// recorder file with the terminal in non-canonical mode, so every key that reaches it is recorded at once). Keys are
/// typed through Mutter's RemoteDesktop API, the one keyboard a headless Shell has; they go wherever the Shell's
/// keyboard focus is.
@Suite("Guard on GNOME Shell", .serialized)
struct GnomeGuardTests {
    static let app = "org.example.Notes"
    static let appColours = ["#FF00FF", "#FFFF00"]
    /// The Shell's top bar, above the work area (GNOME 43 and 48).
    static let topBarHeight = 32
    static let altKeysym: UInt32 = 0xFFE9
    static let tabKeysym: UInt32 = 0xFF09
    /// The tests type through a Mutter RemoteDesktop session (``GnomeShellSession/keyboard``), a remote-access
    /// session that AppLock counts as screen sharing (``LockOnScreenShare``): the app's policy turns that off, except
    /// in the tests of screen sharing.
    static let remoteKeyboardPolicy = "LockOnScreenShare=off\n"

    /// The AppLock extension of the `gnome-shell` on PATH, assembled from the source tree under `folder`.
    static func extensionSource(in folder: URL) throws -> URL {
        try GnomeShellSession.assembleExtensions(into: folder).appendingPathComponent(
            GnomeShellExtensions.appLockUUID(forShellVersion: GnomeShellSession.installedMajorVersion()))
    }

    /// `artifacts/guard-wayland/gnome<version>-<label>.png`: the host's GNOME 43 and the chroot's 48 keep theirs apart.
    static func artifact(_ label: String, shellVersion: Int) -> URL {
        SwayGuardHarness.artifacts.appendingPathComponent("gnome\(shellVersion)-\(label).png")
    }

    /// The agent with the app guarded, GNOME Shell with the AppLock extensions (`extensionDirectories`; by default
    /// both, see ``GnomeShellSession``), the guard, and the guarded foot recording its keys into `recorder`;
    /// with `notifications`, the test's own notification server owns `org.freedesktop.Notifications` before the
    /// Shell (which has one of its own) starts; with `readNotifications`, the Shell serves notifications, shows their
    /// banners, and ``shellReader`` tells what it shows of them. The reader is always there: it tells when the Shell
    /// has finished starting up (GNOME 50 takes no shortcut until then: its action mode stays NONE) and reads and
    /// locates what the Shell shows; `policy` goes into the app's policy file.
    struct Desktop {
        let setup: GuardedAgent
        let session: GnomeShellSession
        private(set) var guardProcess: SessionProcess
        let foot: SessionProcess
        let recorder: URL

        let shellReader: GnomeNotificationReader

        /// With `language` (`de`) the Shell runs in it and in `locale` (`de_DE.UTF-8`: the glibc of Debian 13 and later
        /// ignores `LANGUAGE` under `C.UTF-8`), with AppLock's catalogue in the extension's locale folder.
        init(extensionDirectories: [URL]? = nil, notifications: Bool = false, readNotifications: Bool = false,
             policy: String = GnomeGuardTests.remoteKeyboardPolicy, language: String? = nil, locale: String? = nil) throws {
            setup = try GuardedAgent(
                app: GnomeGuardTests.app,
                desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=foot -a \(GnomeGuardTests.app)\n",
                policy: policy)
            let environment = setup.environment
            try PackageFolders.installLockWindowEntry(dataHome: environment.dataHome)
            if notifications { try environment.startNotificationServer() }
            shellReader = try GnomeNotificationReader(
                directory: environment.root.appendingPathComponent("notification-reader"),
                shellVersion: GnomeShellSession.installedMajorVersion(), sessionBusAddress: environment.sessionBus.address)
            let translated = try language.map { try TranslatedSession.variables($0, in: environment) } ?? [:]
            session = try GnomeShellSession(
                environment: environment, extensionDirectories: extensionDirectories,
                otherExtensions: [shellReader.extensionDirectory], notifications: readNotifications,
                variables: translated.filter { $0.key != "APPLOCK_LOCALEDIR" }.merging(locale.map { ["LC_ALL": $0] } ?? [:]) { $1 },
                catalogues: translated["APPLOCK_LOCALEDIR"].map { URL(fileURLWithPath: $0) },
                startedUp: { [shellReader] in shellReader.shellStartedUp })
            guardProcess = try Self.startGuard(in: session)
            recorder = environment.root.appendingPathComponent("recorder.txt")
            foot = try session.launch([
                "foot", "-a", GnomeGuardTests.app, "-o", "\(FootColours.section).background=ff00ff",
                "-o", "\(FootColours.section).foreground=ffff00",
                "sh", "-c", "stty -icanon -echo; exec cat > '\(recorder.path)'",
            ], logName: "foot")
        }

        static func startGuard(in session: GnomeShellSession) throws -> SessionProcess {
            let guardProcess = try session.launch([try PackageFolders.program("applock-guard"), "--verbose"], logName: "guard")
            guard session.environment.waitForName(GuardBusNames.busName) else {
                throw TestSupportError("the guard did not start: \(guardProcess.logText())")
            }
            return guardProcess
        }

        /// Kills the guard with SIGKILL, as a crash would, and waits until it is gone from the bus.
        func killGuard() -> Bool {
            guardProcess.kill(SIGKILL)
            return guardProcess.waitForExit()
                && waitUntil(timeout: .seconds(10)) { environment.ownerPID(of: GuardBusNames.busName) == nil }
        }

        mutating func restartGuard() throws {
            guardProcess = try Self.startGuard(in: session)
        }

        var environment: TestEnvironment { setup.environment }

        func stop() {
            foot.stop()
            guardProcess.stop()
            session.stop()
            environment.cleanup()
        }

        func state() -> String? { try? setup.client.state(GnomeGuardTests.app) }

        /// Locked, and registered by the guard: an unlock from now on is not voided by the registration.
        func lockedAndRegistered() -> Bool { state() == "locked" && setup.client.isRegistered(GnomeGuardTests.app) }

        func log() -> String { guardProcess.logText() + "\n--- gnome-shell\n" + session.logText().suffix(3000) }

        /// What the recorder received (the keys that reached the app).
        func recorded() -> String { (try? String(contentsOf: recorder, encoding: .utf8)) ?? "" }

        /// Waits until the screen shows none of the app's pixels (hidden) or, with `hidden: false`, plenty of
        /// them; the last screenshot is kept as `artifacts/guard-wayland/gnome<version>-<label>.png`.
        func waitUntilHidden(_ hidden: Bool = true, label: String) -> Bool {
            let held = waitUntil(timeout: .seconds(20)) {
                guard let pixels = try? session.countPixels(GnomeGuardTests.appColours) else { return false }
                return hidden ? pixels == 0 : pixels > 10_000
            }
            _ = try? session.countPixels(GnomeGuardTests.appColours, keep: GnomeGuardTests.artifact(label, shellVersion: session.shellVersion))
            return held
        }
    }

    @Test("A guarded app starts hidden with the lock window centred and focused; keys typed meanwhile, and after Alt+Tab to the app, reach nothing; the passcode typed into the lock window brings it back")
    func startsHiddenAndUnlocksFromTheLockWindow() throws {
        let desktop = try Desktop()
        defer { desktop.stop() }
        let session = desktop.session
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "locked-at-launch"), "\(desktop.log())")

        let shot = Self.artifact("lock-window", shellVersion: session.shellVersion)
        var lockWindow: XSession.Rect?
        #expect(waitUntil(timeout: .seconds(20)) {
            guard (try? session.screenshot(to: shot)) != nil else { return false }
            let environment = desktop.environment
            let colour = SwayGuardHarness.lockWindowColours.first {
                (try? ImageProbe.pixelCount(in: shot, crop: nil, colours: [$0], environment: environment)) ?? 0 > 100_000
            }
            // Below the top bar, where GNOME 48's screen-sharing indicator has the same colour.
            lockWindow = try? colour.flatMap {
                try ImageProbe.boundingBox(in: shot, colour: $0, skippingRows: Self.topBarHeight, environment: environment)
            }
            return colour != nil
        }, "the lock window is on screen: \(String(describing: lockWindow))\n\(desktop.log())")
        let placed = try #require(lockWindow, "the lock window's box was found")
        let centre = (x: placed.x + placed.width / 2, y: placed.y + placed.height / 2)
        // Centred in the work area (the screen below the Shell's top bar).
        #expect(abs(centre.x - 640) <= 10 && abs(centre.y - (400 + Self.topBarHeight / 2)) <= 20, "the lock window is centred: \(placed)")

        let keyboard = session.keyboard
        try keyboard.type("typed while hidden\n")
        try keyboard.chord([Self.altKeysym, Self.tabKeysym])
        try keyboard.type("typed after alt-tab\n")
        #expect(desktop.waitUntilHidden(label: "after-typing"), "\(desktop.log())")
        #expect(desktop.state() == "locked")

        try keyboard.type(SwayGuardHarness.passcode + "\n")
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "unlocked" },
                "the passcode typed into the lock window unlocks: \(desktop.state() ?? "none")\n\(desktop.log())")
        #expect(desktop.waitUntilHidden(false, label: "unlocked"), "\(desktop.log())")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? session.countPixels(SwayGuardHarness.lockWindowColours)) ?? Int.max < 10_000
        }, "the lock window ends")
        try keyboard.type("after\n")
        #expect(waitUntil(timeout: .seconds(10)) { desktop.recorded().contains("after") },
                "the unlocked app has the focus and gets keys: \(desktop.recorded())")
        #expect(!desktop.recorded().contains("typed"), "keys typed while hidden reached the app: \(desktop.recorded())")
        #expect(!desktop.recorded().contains(SwayGuardHarness.passcode),
                "the passcode reached the app: \(desktop.recorded())")
    }

    @Test("A guarded app starts hidden (minimised, none of its pixels on screen); unlocked by applockctl, it comes back with the focus; logind Lock hides it again, also from the Activities overview")
    func startsMinimisedAndComesBack() throws {
        let desktop = try Desktop()
        defer { desktop.stop() }
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "locked"), "\(desktop.log())")
        let keyboard = desktop.session.keyboard

        let unlocked = desktop.environment.run([try PackageFolders.program("applockctl"), "unlock", Self.app, "--stdin"],
                                               input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(desktop.waitUntilHidden(false, label: "unlocked-by-applockctl"), "\(desktop.log())")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? desktop.session.countPixels(SwayGuardHarness.lockWindowColours)) ?? Int.max < 10_000
        }, "the lock window ends")
        try keyboard.type("after\n")
        #expect(waitUntil(timeout: .seconds(10)) { desktop.recorded().contains("after") },
                "the unlocked app has the focus again: \(desktop.recorded())")

        try desktop.environment.logindSessionLock()
        #expect(desktop.waitUntilHidden(label: "logind-lock"), "\(desktop.log())")
        #expect(desktop.session.setOverview(open: true), "the Activities overview opens")
        #expect(desktop.waitUntilHidden(label: "overview"), "the overview shows none of the app: \(desktop.log())")
    }

    @Test("Only the Shell may tell the guard about windows: WindowEvent(removed) for every window id from another client is refused, and the locked app stays hidden and comes back on unlock")
    func forgedWindowEventsAreRefused() throws {
        let desktop = try Desktop()
        defer { desktop.stop() }
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "forged-1-locked"), "\(desktop.log())")
        // The extension names windows by MetaWindow.get_id(), small numbers: every one of them is covered here.
        let answers = (0..<64).map { id in
            desktop.environment.call(
                destination: GuardBusNames.busName, path: GuardBusNames.compositorPath,
                method: "\(GuardBusNames.compositorInterface).WindowEvent",
                ["'removed'", "'\(id)'", "''", "''", "0", "false"])
        }
        let refused = answers.filter { !$0.succeeded && $0.stderr.contains("AccessDenied") }.count
        #expect(refused == answers.count, "\(answers.first { !$0.stderr.contains("AccessDenied") }.map { $0.stdout + $0.stderr } ?? "")")
        #expect(desktop.state() == "locked")
        #expect(desktop.waitUntilHidden(label: "forged-2-after-forged-events"), "\(desktop.log())")

        let unlocked = desktop.environment.run([try PackageFolders.program("applockctl"), "unlock", Self.app, "--stdin"],
                                               input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(desktop.waitUntilHidden(false, label: "forged-3-unlocked"), "the guard still knows the window: \(desktop.log())")
    }

    @Test("A guard killed while the app is locked leaves it hidden; the restarted guard's first answer uncovers nothing, keys typed reach nothing, and its unlock brings the app back")
    func restartedGuardNeverUncovers() throws {
        var desktop = try Desktop()
        defer { desktop.stop() }
        #expect(waitUntil(timeout: .seconds(20)) { desktop.lockedAndRegistered() }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "before-kill"), "\(desktop.log())")

        #expect(desktop.killGuard(), "the guard ends")
        #expect(desktop.waitUntilHidden(label: "guard-dead"), "a guard crash uncovered the app: \(desktop.log())")
        try desktop.restartGuard()
        #expect(waitUntil(timeout: .seconds(20)) { desktop.guardProcess.logText().contains("registrationAnswered") },
                "the restarted guard registers the app: \(desktop.log())")
        try desktop.session.keyboard.type("typed after restart\n")
        #expect(desktop.waitUntilHidden(label: "after-restart"), "\(desktop.log())")
        #expect(desktop.state() == "locked")

        let unlocked = desktop.environment.run([try PackageFolders.program("applockctl"), "unlock", Self.app, "--stdin"],
                                               input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(desktop.waitUntilHidden(false, label: "unlocked-after-restart"), "\(desktop.log())")
        #expect(!desktop.recorded().contains("typed"), "keys typed after the restart reached the app: \(desktop.recorded())")
    }

    @Test("A locked app's modal dialog is hidden with it: gtk4-demo's message dialog, open while unlocked, shows none of its pixels once the app locks, also in the Activities overview; attached to its window (GNOME's default) or not (Tweaks' \"Attach Modal Dialogs\" off)",
          arguments: [true, false])
    func modalDialogOfALockedAppIsHidden(attached: Bool) throws {
        let app = "org.gtk.Demo4"
        // The demo's windows are not its GtkApplication's: they carry the program's name as their app id.
        let setup = try GuardedAgent(
            app: app, desktopEntry: "[Desktop Entry]\nType=Application\nName=GTK Demo\nExec=gtk4-demo\nStartupWMClass=gtk4-demo\n",
            policy: Self.remoteKeyboardPolicy)
        let environment = setup.environment
        // A theme of the demo's own (GTK_THEME, so the lock window keeps its look): its window cyan, its message
        // dialog green.
        let theme = environment.dataHome.appendingPathComponent("themes/AppLockDialogTest/gtk-4.0")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try """
            window, window * { background: #00FFFF; }
            window.dialog.message, window.dialog.message * { background: #00FF00; }
            """.write(to: theme.appendingPathComponent("gtk.css"), atomically: true, encoding: .utf8)
        let attachment = environment.run(
            ["gsettings", "set", "org.gnome.mutter", "attach-modal-dialogs", "\(attached)"],
            extraEnvironment: ["GSETTINGS_BACKEND": "keyfile"])
        #expect(attachment.succeeded, "\(attachment.stderr)")
        let session = try GnomeShellSession(environment: environment)
        let guardProcess = try Desktop.startGuard(in: session)
        let demo = try session.launch(["gtk4-demo", "--run=dialog"], logName: "gtk4-demo",
                                      extraVariables: ["GTK_THEME": "AppLockDialogTest"])
        defer {
            demo.stop()
            guardProcess.stop()
            session.stop()
            environment.cleanup()
        }
        func log() -> String { guardProcess.logText() + "\n--- gnome-shell\n" + session.logText().suffix(3000) }
        func pixels(_ colours: [String], _ label: String) -> Int {
            let shot = Self.artifact("\(label)-\(attached ? "attached" : "detached")", shellVersion: session.shellVersion)
            return (try? session.countPixels(colours, keep: shot)) ?? -1
        }
        // The window's cyan, and as the Shell dims it behind its modal dialog (GNOME 43).
        let window = ["#00FFFF", "#00B1B1"], dialog = ["#00FF00"]
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "locked" }, "\(log())")
        // The guard has found the demo's window when it shows the lock window over it.
        #expect(waitUntil(timeout: .seconds(20)) {
            (try? session.countPixels(SwayGuardHarness.lockWindowColours)) ?? 0 > 100_000
                && pixels(window, "dialog-1-locked-at-launch") == 0
        }, "\(log())")

        let applockctl = try PackageFolders.program("applockctl")
        let unlocked = environment.run([applockctl, "unlock", app, "--stdin"], input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) { pixels(window, "dialog-2-unlocked") > 10_000 }, "\(log())")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? session.countPixels(SwayGuardHarness.lockWindowColours)) ?? Int.max < 10_000
        }, "the lock window ends")
        // Alt+M: the demo's "_Message Dialog" button opens a modal message dialog over its window.
        try session.keyboard.chord([Self.altKeysym, 0x6D])
        #expect(waitUntil(timeout: .seconds(20)) {
            pixels(dialog, "dialog-3-dialog-open") > 5_000 && pixels(window, "dialog-3-dialog-open") > 10_000
        }, "\(log())")

        let locked = environment.run([applockctl, "lock", app])
        #expect(locked.succeeded, "\(locked.stdout)\(locked.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "locked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) {
            pixels(dialog, "dialog-4-locked") == 0 && pixels(window, "dialog-4-locked") == 0
        }, "the dialog is hidden with its app: \(log())")
        #expect(session.setOverview(open: true), "the Activities overview opens")
        #expect(waitUntil(timeout: .seconds(20)) {
            pixels(dialog, "dialog-5-overview") == 0 && pixels(window, "dialog-5-overview") == 0
        }, "the overview shows none of the app or its dialog: \(log())")
    }
}
