import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// The KWin script's shortcut on the host's KWin 5.27. Host only (a suite and file of its own, which the chroots' filter
/// `KWinGuardTests` leaves out): in the Debian 13 chroot's headless KWin 6.3 the same keys reach no shortcut, so
/// Plasma 6 is not claimed. There KWin's kglobalaccel lists the script's action ("AppLock Lock All Now", component
/// kwin) with no key at all (`allShortcutInfos`: active [0], default []) while KWin's own actions have theirs; the
/// script's `registerShortcut` hands its key to `KGlobalAccel::setShortcut`, answered by the kglobalaccel daemon that
/// KWin 6 runs in its own process. Registering the action with `org.kde.KGlobalAccel` from the guard is the way left.
/// AppLock Settings in the same session says where Plasma keeps the shortcut (Settings is not in the chroots).
@Suite("The KWin script's shortcut on the host's KWin 5.27", .serialized)
struct KWinHostShortcutTests {
    @Test("Meta+Alt+L pressed as keys (KWin's own fake input) locks every protected app: the KWin script registers it as KWin's own shortcut, \"AppLock: Lock All Now\", and tells the guard")
    func theShortcutLocksEveryApp() throws {
        try withGuardedKWin { setup, session, guardProcess in
            let app = Self.app
            let environment = setup.environment
            #expect(environment.waitForName(GuardBusNames.busName), "\(guardProcess.logText())")
            let xterm = try session.launch([
                "xterm", "-class", app, "-bg", "magenta", "-fg", "yellow", "-geometry", "80x24+100+100",
            ], logName: "xterm")
            defer { xterm.stop() }
            func log() -> String { guardProcess.logText() + "\n--- kwin\n" + session.logText().suffix(3000) }
            func state() -> String? { try? setup.client.state(app) }
            func waitUntilHidden(_ hidden: Bool = true, label: String) -> Bool {
                KWinGuardTests.waitUntilXterm(hidden: hidden, on: session, label: "shortcut-\(label)")
            }
            #expect(waitUntil(timeout: .seconds(20)) { state() == "locked" }, "\(log())")
            _ = waitUntil(timeout: .seconds(10)) { setup.client.isRegistered(app) }
            let unlocked = environment.run([try PackageFolders.program("applockctl"), "unlock", app, "--stdin"],
                                           input: GuardedAgent.passcode + "\n")
            #expect(unlocked.succeeded, "\(unlocked.stderr)")
            #expect(waitUntilHidden(false, label: "unlocked"), "\(log())")

            session.key("Meta+Alt+l")
            #expect(waitUntil(timeout: .seconds(20)) { state() == "locked" }, "\(log())")
            #expect(waitUntilHidden(label: "locked-by-shortcut"), "\(log())")
            #expect(guardProcess.logText().contains("pressed: locking every protected app"), "\(log())")
        }
    }

    @Test("AppLock Settings in a KWin session, as a native Wayland client read through AT-SPI, in English, German and Hebrew: the shortcut's row has no button to press a new one (applock.conf's LockAll changes nothing there) and says where Plasma keeps the shortcut, whole; Lock All Now in the window still locks every protected app", arguments: ["en", "de", "he"])
    func settingsSaysWherePlasmaKeepsTheShortcut(language: String) throws {
        try withGuardedKWin { setup, session, guardProcess in
            let app = Self.app
            let environment = setup.environment
            let atspi = try AccessibilityDriver.startBus(in: session)
            defer { atspi.stop() }
            #expect(waitUntil(timeout: .seconds(20)) { guardProcess.logText().contains("protecting guarded apps on") },
                    "\(guardProcess.logText())")
            let unlocked = environment.run([try PackageFolders.program("applockctl"), "unlock", app, "--stdin"],
                                           input: GuardedAgent.passcode + "\n")
            #expect(unlocked.succeeded, "\(unlocked.stderr)")
            let translated = language == "en" ? [:] : try TranslatedSession.variables(language, in: environment)
            func text(_ message: String, _ arguments: String...) throws -> String {
                guard language != "en" else { return message.replacingOccurrences(of: "%1$s", with: arguments.first ?? "") }
                return try TranslatedSession.text(message, arguments, language: language, in: environment)
            }
            let settings = try session.launch(
                [try PackageFolders.program("applock-settings")], logName: "settings",
                extraVariables: AccessibleDesktop.accessibleGtk.merging(translated) { $1 }
                    .merging(["APPLOCK_SETTINGS_CHECK_CLIPPING": "1"]) { $1 })
            defer { settings.stop() }
            let accessibility = AccessibilityDriver(kwin: session)
            func tree() -> String { accessibility.tree(of: "io.github.applock.Settings").joined(separator: "\n") }
            #expect(accessibility.find(try text("Protect %1$s", "Notes"), timeout: 30) != nil, "\(settings.logText())")
            let whereItIs = try text(
                "Plasma keeps this shortcut: in System Settings, open Shortcuts and find “AppLock: Lock All Now” under KWin")
            #expect(accessibility.find(whereItIs) != nil, "\(tree())\n\(settings.logText())")
            let rowTitle = try text("Lock every protected app")
            #expect(!accessibility.tree(of: "io.github.applock.Settings").contains {
                $0.hasPrefix("push button\t") && $0.contains(rowTitle)
            }, "no shortcut button offers to change KWin's own: \(tree())")
            _ = try session.countPixels([], keep: KWinGuardTests.artifact("settings-shortcut-row-\(language)"))
            let clipped = ClippingCheck.nextReport { settings.logText() }
            #expect(clipped == "none", "Settings' text that does not fit, in \(language): \(clipped ?? "no check made")")

            #expect(accessibility.activate(try text("Lock All Now"), role: "push button", in: "io.github.applock.Settings"),
                    "\(tree())")
            #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "locked" }, "\(guardProcess.logText())")
        }
    }

    static let app = "org.example.Notes"

    /// Runs `body` with the agent guarding Notes (an xterm of that class), KWin's session on the agent's bus and the
    /// guard started in it; all of them end afterwards.
    private func withGuardedKWin(_ body: (GuardedAgent, KWinSession, SessionProcess) throws -> Void) throws {
        let setup = try GuardedAgent(
            app: Self.app, desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=xterm -class \(Self.app)\n")
        defer { setup.environment.cleanup() }
        let session = try KWinSession(environment: setup.environment)
        defer { session.stop() }
        let guardProcess = try session.launch([try PackageFolders.program("applock-guard"), "--verbose"], logName: "guard")
        defer { guardProcess.stop() }
        try body(setup, session, guardProcess)
    }
}
