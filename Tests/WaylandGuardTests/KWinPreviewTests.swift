import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// KWin 5.27's Present Windows and Overview, which draw minimised windows, over a locked app (``KWinSession``). On
/// the host only: these effects are QtQuick scenes, which KWin draws with OpenGL, and the Debian 13 chroot's KWin 6
/// has no render node to draw with GL (it falls back to QPainter, see ``KWinSession``).
@Suite("KWin's Present Windows and Overview over a locked app", .serialized)
struct KWinPreviewTests {
    /// A "shell" for weston-terminal that fills it with magenta (colour 201 of the 256) and writes in yellow (226).
    static func colouredShell(in environment: TestEnvironment) throws -> String {
        let shell = environment.root.appendingPathComponent("coloured-shell")
        try "#!/bin/sh\nprintf '\\033[48;5;201m\\033[38;5;226m%1919s\\033[H' ''\nexec cat > /dev/null\n"
            .write(to: shell, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shell.path)
        return shell.path
    }

    @Test("A locked app's window, minimised by the guard's KWin script, shows none of its pixels in Present Windows (asked for the app's windows, as the task manager does) or in the Overview (KWin draws a minimised Wayland window's last frame there: the script makes it transparent), and comes back opaque on unlock: an X11 app on Xwayland (xterm) and a native Wayland one (weston-terminal)",
          arguments: [true, false])
    func presentWindowsAndOverviewShowNothingOfALockedApp(x11: Bool) throws {
        let app = x11 ? "org.example.Notes" : "org.freedesktop.weston.wayland-terminal"
        let exec = x11 ? "xterm -class \(app)" : "weston-terminal"
        let setup = try GuardedAgent(app: app, desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=\(exec)\n")
        let environment = setup.environment
        defer { environment.cleanup() }
        let session = try KWinSession(environment: environment)
        defer { session.stop() }
        let guardProcess = try session.launch([try PackageFolders.program("applock-guard"), "--verbose"], logName: "guard")
        defer { guardProcess.stop() }
        #expect(environment.waitForName(GuardBusNames.busName), "\(guardProcess.logText())")
        let colours = x11 ? KWinGuardTests.xtermColours : KWinGuardTests.westonColours
        let appProcess = try x11
            ? session.launch(["xterm", "-class", app, "-bg", "magenta", "-fg", "yellow", "-geometry", "80x24+100+100"],
                             logName: "xterm")
            : session.launch(["weston-terminal", "--shell=\(try Self.colouredShell(in: environment))"], logName: "weston-terminal")
        defer { appProcess.stop() }
        func log() -> String { guardProcess.logText() + "\n--- kwin\n" + session.logText().suffix(3000) }
        /// The app's pixels, its colours within 10 % (the effects blend what they draw): kept as a screenshot.
        func pixels(_ label: String) -> Int {
            let shot = KWinGuardTests.artifact("previews-\(x11 ? "xwayland" : "wayland")-\(label)")
            guard (try? session.countPixels(colours, keep: shot)) != nil else { return -1 }
            return colours.reduce(0) { total, colour in
                let near = environment.run([
                    "convert", shot.path, "-fuzz", "10%", "-fill", "black", "+opaque", "#" + String(format: "%06X", colour),
                    "-fill", "white", "-opaque", "#" + String(format: "%06X", colour), "-format", "%[fx:int(mean*w*h+0.5)]", "info:",
                ])
                return total + (Int(near.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 1_000_000)
            }
        }
        /// The lock window's pixels: an effect on screen shows it smaller (the Overview) or not at all (Present
        /// Windows of the app's windows), after its animation.
        func lockWindowPixels() -> Int { (try? session.countPixels(KWinGuardTests.lockWindowColours)) ?? -1 }
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "locked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { lockWindowPixels() > 100_000 && pixels("1-locked") == 0 }, "\(log())")
        let lockWindowAlone = lockWindowPixels()
        func effectOnScreen() -> Bool { abs(lockWindowPixels() - lockWindowAlone) > lockWindowAlone / 10 }

        let ids = try session.internalIDs(ofPID: appProcess.pid)
        #expect(!ids.isEmpty, "KWin knows the app's window")
        let presented = environment.call(
            destination: "org.kde.KWin", path: "/org/kde/KWin/Effect/WindowView1",
            method: "org.kde.KWin.Effect.WindowView1.activate", ["[\(ids.map { "'\($0)'" }.joined(separator: ", "))]"])
        #expect(presented.succeeded, "\(presented.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) { session.activeEffects().contains("windowview") && effectOnScreen() },
                "Present Windows is shown: \(session.activeEffects())\n\(log())")
        #expect(pixels("2-present-windows") == 0, "\(log())")
        session.key("Escape")
        #expect(waitUntil(timeout: .seconds(20)) { !session.activeEffects().contains("windowview") && !effectOnScreen() })

        let overview = environment.call(
            destination: "org.kde.kglobalaccel", path: "/component/kwin",
            method: "org.kde.kglobalaccel.Component.invokeShortcut", ["'Overview'"])
        #expect(overview.succeeded, "\(overview.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) { session.activeEffects().contains("overview") && effectOnScreen() },
                "the Overview is shown: \(session.activeEffects())\n\(log())")
        #expect(pixels("3-overview") == 0, "\(log())")
        session.key("Escape")
        #expect(waitUntil(timeout: .seconds(20)) { !session.activeEffects().contains("overview") && !effectOnScreen() })

        let unlocked = environment.run([try PackageFolders.program("applockctl"), "unlock", app, "--stdin"],
                                       input: GuardedAgent.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) { pixels("4-unlocked") > 10_000 }, "the app comes back, opaque: \(log())")
    }
}
