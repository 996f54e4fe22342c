import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// applock-guard on GNOME Shell 43 (`gnome-shell --headless`) with the AppLock extension, over an unmodified foot.
@Suite("Guard on GNOME Shell", .serialized)
struct GnomeGuardTests {
    static let app = "org.example.Notes"
    static let appColours = ["#FF00FF", "#FFFF00"]

    static var extensionSource: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/gnome-shell/extensions/\(GnomeShellSession.extensionUUID)")
    }

    static func artifact(_ label: String) -> URL {
        SwayGuardHarness.artifacts.appendingPathComponent("gnome-\(label).png")
    }

    /// Not shown here: the lock window. GNOME gives a window started without an activation token no focus, and the
    /// guard shows the lock window when the user reaches for the locked app (activates it); headless GNOME offers a
    /// test no input device to do that with, so the passcode is given through applockctl.
    @Test("A guarded app starts hidden (minimised, none of its pixels on screen); unlocked, it comes back; logind Lock hides it again")
    func startsMinimisedAndComesBack() throws {
        let setup = try GuardedAgent(app: Self.app, desktopEntry: nil)
        let environment = setup.environment
        defer { environment.cleanup() }
        let client = setup.client
        let session = try GnomeShellSession(environment: environment, extensionDirectory: Self.extensionSource)
        defer { session.stop() }
        let guardProcess = try session.launch([try SwayGuardHarness.built("applock-guard"), "--verbose"], logName: "guard")
        defer { guardProcess.stop() }
        #expect(environment.waitForName(GuardBusNames.busName), "\(guardProcess.logText())")
        let foot = try session.launch([
            "foot", "-a", Self.app, "-o", "colors.background=ff00ff", "-o", "colors.foreground=ffff00",
        ], logName: "foot")
        defer { foot.stop() }
        func log() -> String { guardProcess.logText() + "\n--- gnome-shell\n" + session.logText().suffix(3000) }
        #expect(waitUntil(timeout: .seconds(20)) { (try? client.state(Self.app)) == "locked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.countPixels(Self.appColours)) == 0 }, "\(log())")
        _ = try? session.countPixels(Self.appColours, keep: Self.artifact("locked"))

        let unlocked = environment.run([try SwayGuardHarness.built("applockctl"), "unlock", Self.app, "--stdin"],
                                       input: SwayGuardHarness.passcode + "\n")
        #expect(unlocked.succeeded, "\(unlocked.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.countPixels(Self.appColours)) ?? 0 > 10_000 }, "\(log())")
        _ = try? session.countPixels(Self.appColours, keep: Self.artifact("unlocked"))

        try environment.logindSessionLock()
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.countPixels(Self.appColours)) == 0 }, "\(log())")
        _ = try? session.countPixels(Self.appColours, keep: Self.artifact("logind-lock"))
    }
}
