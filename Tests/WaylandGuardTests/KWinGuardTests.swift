import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// applock-guard on KDE Plasma's KWin 5.27 (`kwin_wayland --virtual`), over an unmodified xterm (Xwayland).
@Suite("Guard on KDE Plasma (KWin)", .serialized)
struct KWinGuardTests {
    static let app = "org.example.Notes"
    static let appColours: Set<UInt32> = [0xFF00FF, 0xFFFF00]
    static let lockWindowColours: Set<UInt32> = [0xFAFAFA]

    static func artifact(_ label: String) -> URL {
        SwayGuardHarness.artifacts.appendingPathComponent("kwin-\(label).png")
    }

    @Test("A guarded app starts minimised with the lock window above it; keys typed meanwhile reach nothing; the passcode brings it back")
    func startsMinimisedAndUnlocks() throws {
        let setup = try GuardedAgent(
            app: Self.app, desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=xterm -class \(Self.app)\n")
        let environment = setup.environment
        defer { environment.cleanup() }
        let client = setup.client
        let session = try KWinSession(environment: environment)
        defer { session.stop() }
        let guardProcess = try session.launch([try SwayGuardHarness.built("applock-guard"), "--verbose"], logName: "guard",
                                              extraVariables: ["GDK_BACKEND": "x11"])
        defer { guardProcess.stop() }
        #expect(environment.waitForName(GuardBusNames.busName), "\(guardProcess.logText())")
        let recorder = environment.root.appendingPathComponent("recorder.txt")
        let xterm = try session.launch([
            "xterm", "-class", Self.app, "-bg", "magenta", "-fg", "yellow", "-geometry", "80x24+100+100",
            "-e", "sh", "-c", "exec cat > '\(recorder.path)'",
        ], logName: "xterm")
        defer { xterm.stop() }
        func log() -> String { guardProcess.logText() + "\n--- kwin\n" + session.logText().suffix(3000) }
        #expect(waitUntil(timeout: .seconds(20)) { (try? client.state(Self.app)) == "locked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.countPixels(Self.appColours)) == 0 }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.countPixels(Self.lockWindowColours)) ?? 0 > 100_000 },
                "the lock window is on screen\n\(log())")
        _ = try? session.countPixels(Self.appColours, keep: Self.artifact("locked"))

        session.run(["xdotool", "type", "--delay", "20", "typed while hidden"])
        session.run(["xdotool", "key", "Return"])
        session.run(["xdotool", "type", "--delay", "50", SwayGuardHarness.passcode])
        #expect(waitUntil(timeout: .seconds(20)) { (try? client.state(Self.app)) == "unlocked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.countPixels(Self.appColours)) ?? 0 > 10_000 }, "\(log())")
        _ = try? session.countPixels(Self.appColours, keep: Self.artifact("unlocked"))
        session.run(["xdotool", "type", "--delay", "20", "after"])
        session.run(["xdotool", "key", "Return"])
        func recorded() -> String { (try? String(contentsOf: recorder, encoding: .utf8)) ?? "" }
        #expect(waitUntil(timeout: .seconds(10)) { recorded().contains("after") }, "the unlocked app gets keys")
        #expect(!recorded().contains("typed"), "keys typed while covered reached the app: \(recorded())")
        #expect(!recorded().contains(SwayGuardHarness.passcode), "the passcode reached the app: \(recorded())")
    }
}
