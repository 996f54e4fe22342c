import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

extension KWinGuardTests {
    /// xterm's blue, the background of the other (unguarded) app.
    static let otherColours: Set<UInt32> = [0x0000FF]

    @Test("With another window on screen: a locked app reached for as the task bar does while its lock window is not up brings the lock window and never the app; an app that locks while in front keeps its lock window with the keyboard though KWin hands the focus to the other window")
    func reachWhileTheLockWindowIsNotUpAndLockInFront() throws {
        let app = "org.example.Notes"
        let setup = try GuardedAgent(app: app, desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=xterm -class \(app)\n")
        let environment = setup.environment
        defer { environment.cleanup() }
        let session = try KWinSession(environment: environment)
        defer { session.stop() }
        let guardProcess = try session.launch([try PackageFolders.program("applock-guard"), "--verbose"], logName: "guard")
        defer { guardProcess.stop() }
        #expect(environment.waitForName(GuardBusNames.busName), "\(guardProcess.logText())")
        let appProcess = try session.launch([
            "xterm", "-class", app, "-bg", "magenta", "-fg", "yellow", "-geometry", "80x24+100+100",
        ], logName: "xterm")
        defer { appProcess.stop() }
        func log() -> String { guardProcess.logText() + "\n--- kwin\n" + session.logText().suffix(3000) }
        func pixels(_ colours: Set<UInt32>, _ label: String? = nil) -> Int {
            (try? session.countPixels(colours, keep: label.map { Self.artifact("reach-\($0)") })) ?? -1
        }
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "locked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { pixels(Self.lockWindowColours) > 100_000 && pixels(Self.xtermColours) == 0 },
                "the lock window is up, the app hidden\n\(log())")

        // The user moves to another window: the lock window goes.
        let other = try session.launch([
            "xterm", "-class", "org.example.Other", "-bg", "blue", "-geometry", "80x24+400+300",
        ], logName: "other-xterm")
        defer { other.stop() }
        #expect(waitUntil(timeout: .seconds(20)) { (try? session.reachFor(pid: other.pid)) == 1 && pixels(Self.otherColours) > 10_000 },
                "the other window is there\n\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { pixels(Self.lockWindowColours) < 10_000 },
                "the lock window goes when the user moves to another window\n\(log())")
        _ = pixels(Self.xtermColours, "other-window")

        // Reached for as the task bar does (restored and activated): the lock window shows, the app never does.
        #expect(try session.reachFor(pid: appProcess.pid) == 1, "the app's window is there to reach for")
        var appSeen = 0
        #expect(waitUntil(timeout: .seconds(20)) {
            appSeen = max(appSeen, pixels(Self.xtermColours))
            return pixels(Self.lockWindowColours) > 100_000
        }, "reaching for the locked app brings its lock window\n\(log())")
        appSeen = max(appSeen, pixels(Self.xtermColours, "reached-for"))
        #expect(appSeen == 0, "the locked app's pixels showed after the reach")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? session.windows())?.first { $0.pid != appProcess.pid && $0.pid != other.pid && !$0.minimized }?.active == true
        }, "the lock window has the keyboard: \((try? session.windows()) ?? [])")
        #expect(session.type(GuardedAgent.passcode).succeeded)
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "unlocked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { pixels(Self.xtermColours) > 10_000 }, "\(log())")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? session.windows())?.first { $0.pid == appProcess.pid }?.active == true
        }, "the unlocked app is in front with the keyboard: \((try? session.windows()) ?? [])")

        // Locked while in front, the other window behind it: KWin gives the other window the focus as the app is
        // hidden; the lock window comes and keeps the keyboard, so the passcode typed next unlocks.
        let locked = environment.run([try PackageFolders.program("applockctl"), "lock", app])
        #expect(locked.succeeded, "\(locked.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "locked" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { pixels(Self.lockWindowColours) > 100_000 && pixels(Self.xtermColours) == 0 },
                "the lock window comes for the app locked in front\n\(log())")
        _ = pixels(Self.xtermColours, "locked-in-front")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? session.windows())?.first { $0.pid != appProcess.pid && $0.pid != other.pid && !$0.minimized }?.active == true
        }, "the lock window has the keyboard: \((try? session.windows()) ?? [])\n\(log())")
        #expect(session.type(GuardedAgent.passcode).succeeded)
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "unlocked" },
                "the passcode reached the lock window\n\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { pixels(Self.xtermColours) > 10_000 }, "the app comes back\n\(log())")
        _ = pixels(Self.xtermColours, "unlocked-again")
    }

    /// With `BackgroundWhen=unfocused` the app is `background` once the user activates another window, and a manual
    /// obscure clears at its next `foreground`: the guard must hear of that activation, though the script hid the
    /// active window just before and KWin activated nothing in its place.
    @Test("Alone on the desktop, BackgroundWhen=unfocused: an app obscured while in front (Lock, no passcode) is hidden though KWin has no other window to activate; the user opens another window and reaches for the app again: it is uncovered")
    func obscuredInFrontAloneThenReachedForAgain() throws {
        let app = "org.example.Notes"
        let setup = try GuardedAgent(
            app: app, desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=xterm -class \(app)\n",
            policy: "BackgroundWhen=unfocused\n", withPasscode: false)
        let environment = setup.environment
        defer { environment.cleanup() }
        let session = try KWinSession(environment: environment)
        defer { session.stop() }
        let guardProcess = try session.launch([try PackageFolders.program("applock-guard"), "--verbose"], logName: "guard")
        defer { guardProcess.stop() }
        #expect(environment.waitForName(GuardBusNames.busName), "\(guardProcess.logText())")
        let appProcess = try session.launch([
            "xterm", "-class", app, "-bg", "magenta", "-fg", "yellow", "-geometry", "80x24+100+100",
        ], logName: "xterm")
        defer { appProcess.stop() }
        func log() -> String { guardProcess.logText() + "\n--- kwin\n" + session.logText().suffix(3000) }
        func pixels(_ colours: Set<UInt32>, _ label: String? = nil) -> Int {
            (try? session.countPixels(colours, keep: label.map { Self.artifact("obscured-alone-\($0)") })) ?? -1
        }
        func appIsActive() -> Bool { (try? session.windows())?.first { $0.pid == appProcess.pid }?.active == true }
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "unlocked" && pixels(Self.xtermColours) > 10_000 && appIsActive() },
                "the app without a passcode is on screen with the keyboard\n\(log())")

        // Obscured while in front, the only window: KWin has no window to give the focus to.
        let locked = environment.run([try PackageFolders.program("applockctl"), "lock", app])
        #expect(locked.succeeded, "\(locked.stderr)")
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "obscured" }, "\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { pixels(Self.xtermColours) == 0 }, "the obscured app is hidden\n\(log())")
        _ = pixels(Self.xtermColours, "hidden")

        // The user opens another window and works in it, then reaches for the app as the task bar does.
        let other = try session.launch([
            "xterm", "-class", "org.example.Other", "-bg", "blue", "-geometry", "80x24+400+300",
        ], logName: "other-xterm")
        defer { other.stop() }
        #expect(waitUntil(timeout: .seconds(20)) {
            (try? session.windows())?.first { $0.pid == other.pid }?.active == true && pixels(Self.otherColours) > 10_000
        }, "the other window is there with the keyboard\n\(log())")
        _ = pixels(Self.xtermColours, "other-window")
        #expect(try session.reachFor(pid: appProcess.pid) == 1, "the app's window is there to reach for")
        #expect(waitUntil(timeout: .seconds(20)) { (try? setup.client.state(app)) == "unlocked" },
                "reaching for the obscured app brings it back\n\(log())")
        #expect(waitUntil(timeout: .seconds(20)) { pixels(Self.xtermColours) > 10_000 && appIsActive() },
                "the app is back in front with the keyboard: \((try? session.windows()) ?? [])\n\(log())")
        _ = pixels(Self.xtermColours, "reached-for")
    }
}
