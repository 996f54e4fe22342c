import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// applock-guard on GNOME Shell 43 (`gnome-shell --headless`) with the AppLock extension, over an unmodified foot
/// (yellow on magenta, its shell running `cat` into a recorder file with the terminal in non-canonical mode, so
/// every key that reaches it is recorded at once). Keys are typed through Mutter's RemoteDesktop API, the one
/// keyboard a headless Shell has; they go wherever the Shell's keyboard focus is.
@Suite("Guard on GNOME Shell", .serialized)
struct GnomeGuardTests {
    static let app = "org.example.Notes"
    static let appColours = ["#FF00FF", "#FFFF00"]
    /// The lock window's background (libadwaita's light window colour).
    static let lockWindowColour = "#FAFAFA"
    static let altKeysym: UInt32 = 0xFFE9
    static let tabKeysym: UInt32 = 0xFF09

    static var extensionSource: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/gnome-shell/extensions/\(GnomeShellSession.extensionUUID)")
    }

    static func artifact(_ label: String) -> URL {
        SwayGuardHarness.artifacts.appendingPathComponent("gnome-\(label).png")
    }

    /// The agent with the app guarded, GNOME Shell with the extension (`extensionDirectory`; nil installs none), the
    /// guard, and the guarded foot recording its keys into `recorder`;
    /// with `notifications`, the test's own notification server owns `org.freedesktop.Notifications` before the
    /// Shell (which has one of its own) starts.
    struct Desktop {
        let setup: GuardedAgent
        let session: GnomeShellSession
        let guardProcess: SessionProcess
        let foot: SessionProcess
        let recorder: URL

        init(extensionDirectory: URL? = GnomeGuardTests.extensionSource, notifications: Bool = false) throws {
            setup = try GuardedAgent(
                app: GnomeGuardTests.app,
                desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=foot -a \(GnomeGuardTests.app)\n")
            let environment = setup.environment
            if notifications { try environment.startNotificationServer() }
            session = try GnomeShellSession(environment: environment, extensionDirectory: extensionDirectory)
            guardProcess = try session.launch([try PackageFolders.program("applock-guard"), "--verbose"], logName: "guard")
            guard environment.waitForName(GuardBusNames.busName) else {
                throw TestSupportError("the guard did not start: \(guardProcess.logText())")
            }
            recorder = environment.root.appendingPathComponent("recorder.txt")
            foot = try session.launch([
                "foot", "-a", GnomeGuardTests.app, "-o", "colors.background=ff00ff", "-o", "colors.foreground=ffff00",
                "sh", "-c", "stty -icanon -echo; exec cat > '\(recorder.path)'",
            ], logName: "foot")
        }

        var environment: TestEnvironment { setup.environment }

        func stop() {
            foot.stop()
            guardProcess.stop()
            session.stop()
            environment.cleanup()
        }

        func state() -> String? { try? setup.client.state(GnomeGuardTests.app) }

        func log() -> String { guardProcess.logText() + "\n--- gnome-shell\n" + session.logText().suffix(3000) }

        /// What the recorder received (the keys that reached the app).
        func recorded() -> String { (try? String(contentsOf: recorder, encoding: .utf8)) ?? "" }

        /// Waits until the screen shows none of the app's pixels (hidden) or, with `hidden: false`, plenty of
        /// them; the last screenshot is kept as `artifacts/guard-wayland/gnome-<label>.png`.
        func waitUntilHidden(_ hidden: Bool = true, label: String) -> Bool {
            let held = waitUntil(timeout: .seconds(20)) {
                guard let pixels = try? session.countPixels(GnomeGuardTests.appColours) else { return false }
                return hidden ? pixels == 0 : pixels > 10_000
            }
            _ = try? session.countPixels(GnomeGuardTests.appColours, keep: GnomeGuardTests.artifact(label))
            return held
        }
    }

    @Test("A guarded app starts hidden with the lock window centred and focused; keys typed meanwhile, and after Alt+Tab to the app, reach nothing; the passcode typed into the lock window brings it back")
    func startsHiddenAndUnlocksFromTheLockWindow() throws {
        let desktop = try Desktop()
        defer { desktop.stop() }
        let session = desktop.session
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "locked" }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "locked-at-launch"), "\(desktop.log())")

        let shot = Self.artifact("lock-window")
        var lockWindow: XSession.Rect?
        #expect(waitUntil(timeout: .seconds(20)) {
            guard (try? session.screenshot(to: shot)) != nil else { return false }
            let environment = desktop.environment
            let pixels = try? ImageProbe.pixelCount(in: shot, crop: nil, colours: [Self.lockWindowColour], environment: environment)
            lockWindow = try? ImageProbe.boundingBox(in: shot, colour: Self.lockWindowColour, environment: environment)
            return pixels ?? 0 > 100_000
        }, "the lock window is on screen: \(String(describing: lockWindow))\n\(desktop.log())")
        let placed = try #require(lockWindow, "the lock window's box was found")
        let centre = (x: placed.x + placed.width / 2, y: placed.y + placed.height / 2)
        // Centred in the work area (the screen below the Shell's 32-pixel top bar).
        #expect(abs(centre.x - 640) <= 10 && abs(centre.y - 416) <= 20, "the lock window is centred: \(placed)")

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
            (try? session.countPixels([Self.lockWindowColour])) ?? Int.max < 10_000
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
        #expect(waitUntil(timeout: .seconds(20)) { desktop.state() == "locked" }, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "locked"), "\(desktop.log())")
        let keyboard = desktop.session.keyboard

        let unlocked = desktop.environment.run([try PackageFolders.program("applockctl"), "unlock", Self.app, "--stdin"],
                                               input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(desktop.waitUntilHidden(false, label: "unlocked-by-applockctl"), "\(desktop.log())")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? desktop.session.countPixels([Self.lockWindowColour])) ?? Int.max < 10_000
        }, "the lock window ends")
        try keyboard.type("after\n")
        #expect(waitUntil(timeout: .seconds(10)) { desktop.recorded().contains("after") },
                "the unlocked app has the focus again: \(desktop.recorded())")

        try desktop.environment.logindSessionLock()
        #expect(desktop.waitUntilHidden(label: "logind-lock"), "\(desktop.log())")
        #expect(desktop.session.setOverview(open: true), "the Activities overview opens")
        #expect(desktop.waitUntilHidden(label: "overview"), "the overview shows none of the app: \(desktop.log())")
    }
}
