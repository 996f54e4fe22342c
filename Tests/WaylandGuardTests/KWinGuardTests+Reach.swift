import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

extension KWinGuardTests {
    /// xterm's blue, the background of the other (unguarded) app.
    static let otherColours: Set<UInt32> = [0x0000FF]

    /// KWin with the guard and one guarded app, `org.example.Notes` (an xterm in magenta and yellow), as a reach test
    /// starts them; `policy` and `withPasscode` as ``GuardedAgent`` takes them.
    struct ReachScene {
        static let app = "org.example.Notes"
        let setup: GuardedAgent
        let session: KWinSession
        let guardProcess: SessionProcess
        let appProcess: SessionProcess
        /// Names the screenshots `pixels` keeps.
        let label: String

        func log() -> String { guardProcess.logText() + "\n--- kwin\n" + session.logText().suffix(3000) }

        /// The app's state in the agent (nil when not known).
        func state() -> String? { try? setup.client.state(Self.app) }

        /// How many pixels on screen are of `colours`, keeping the screenshot as `screenshot` when given.
        func pixels(_ colours: Set<UInt32>, _ screenshot: String? = nil) -> Int {
            (try? session.countPixels(colours, keep: screenshot.map { KWinGuardTests.artifact("\(label)-\($0)") })) ?? -1
        }

        func windows() -> [KWinWindow] { (try? session.windows()) ?? [] }

        /// Whether the active window is one of none of `others`' processes nor the app's: the lock window.
        func lockWindowIsActive(besides others: [SessionProcess] = []) -> Bool {
            let pids = Set(others.map(\.pid) + [appProcess.pid])
            return windows().first { !pids.contains($0.pid) && !$0.minimized }?.active == true
        }

        func appIsActive() -> Bool { isActive(appProcess) }

        /// Whether a window of `process` is the active one.
        func isActive(_ process: SessionProcess) -> Bool { windows().first { $0.pid == process.pid }?.active == true }

        /// `applockctl lock` for the app.
        func lock() throws {
            let locked = setup.environment.run([try PackageFolders.program("applockctl"), "lock", Self.app])
            #expect(locked.succeeded, "\(locked.stderr)")
        }

        /// Another (unguarded) app's window: an xterm in blue, below and right of the app's.
        func launchOther() throws -> SessionProcess {
            try session.launch(["xterm", "-class", "org.example.Other", "-bg", "blue", "-geometry", "80x24+400+300"],
                               logName: "other-xterm")
        }

        /// The app without a passcode is unlocked, on screen with the keyboard.
        func expectAppUnlockedInFront() {
            #expect(waitUntil(timeout: .seconds(20)) {
                state() == "unlocked" && pixels(KWinGuardTests.xtermColours) > 10_000 && appIsActive()
            }, "the app without a passcode is on screen with the keyboard: \(windows())\n\(log())")
        }

        /// `lock()` for the app without a passcode, unlocked and on screen with the keyboard: it is obscured and hidden.
        func obscure() throws {
            expectAppUnlockedInFront()
            try lock()
            #expect(waitUntil(timeout: .seconds(20)) { state() == "obscured" }, "\(log())")
            #expect(waitUntil(timeout: .seconds(20)) { pixels(KWinGuardTests.xtermColours) == 0 }, "the obscured app is hidden\n\(log())")
            _ = pixels(KWinGuardTests.xtermColours, "hidden")
        }

        /// The other window is on screen with the keyboard (its screenshot kept as `screenshot`).
        func expectInFront(_ other: SessionProcess, _ screenshot: String) {
            #expect(waitUntil(timeout: .seconds(20)) { isActive(other) && pixels(KWinGuardTests.otherColours) > 10_000 },
                    "the other window is there with the keyboard: \(windows())\n\(log())")
            _ = pixels(KWinGuardTests.xtermColours, screenshot)
        }

        /// The obscured app reached for as the task bar does: it is unobscured, back on screen with the keyboard.
        func reachBringsTheAppBack() throws {
            #expect(try session.reachFor(pid: appProcess.pid) == 1, "the app's window is there to reach for")
            #expect(waitUntil(timeout: .seconds(20)) { state() == "unlocked" }, "reaching for the obscured app brings it back\n\(log())")
            #expect(waitUntil(timeout: .seconds(20)) { pixels(KWinGuardTests.xtermColours) > 10_000 && appIsActive() },
                    "the app is back in front with the keyboard: \(windows())\n\(log())")
            _ = pixels(KWinGuardTests.xtermColours, "reached-for")
        }

        /// Reached for as the task bar does (restored and activated): the lock window shows, the app never does, and
        /// the lock window has the keyboard.
        func reachBringsTheLockWindow(besides others: [SessionProcess]) throws {
            #expect(try session.reachFor(pid: appProcess.pid) == 1, "the app's window is there to reach for")
            var appSeen = 0
            #expect(waitUntil(timeout: .seconds(20)) {
                appSeen = max(appSeen, pixels(KWinGuardTests.xtermColours))
                return pixels(KWinGuardTests.lockWindowColours) > 100_000
            }, "reaching for the locked app brings its lock window\n\(log())")
            appSeen = max(appSeen, pixels(KWinGuardTests.xtermColours, "reached-for"))
            #expect(appSeen == 0, "the locked app's pixels showed after the reach")
            #expect(waitUntil(timeout: .seconds(10)) { lockWindowIsActive(besides: others) },
                    "the lock window has the keyboard: \(windows())\n\(log())")
        }
    }

    /// Starts a ``ReachScene`` and runs `body` in it; stops everything after.
    static func inReachScene(
        _ label: String, policy: String = "", withPasscode: Bool = true, _ body: (ReachScene) throws -> Void
    ) throws {
        let app = ReachScene.app
        let setup = try GuardedAgent(
            app: app, desktopEntry: "[Desktop Entry]\nType=Application\nName=Notes\nExec=xterm -class \(app)\n",
            policy: policy, withPasscode: withPasscode)
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
        try body(ReachScene(setup: setup, session: session, guardProcess: guardProcess, appProcess: appProcess, label: label))
    }

    @Test("With another window on screen: a locked app reached for as the task bar does while its lock window is not up brings the lock window and never the app; an app that locks while in front keeps its lock window with the keyboard though KWin hands the focus to the other window")
    func reachWhileTheLockWindowIsNotUpAndLockInFront() throws {
        try Self.inReachScene("reach") { scene in
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "locked" }, "\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.lockWindowColours) > 100_000 && scene.pixels(Self.xtermColours) == 0 },
                    "the lock window is up, the app hidden\n\(scene.log())")

            // The user moves to another window: the lock window goes.
            let other = try scene.launchOther()
            defer { other.stop() }
            #expect(waitUntil(timeout: .seconds(20)) {
                (try? scene.session.reachFor(pid: other.pid)) == 1 && scene.pixels(Self.otherColours) > 10_000
            }, "the other window is there\n\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.lockWindowColours) < 10_000 },
                    "the lock window goes when the user moves to another window\n\(scene.log())")
            _ = scene.pixels(Self.xtermColours, "other-window")

            try scene.reachBringsTheLockWindow(besides: [other])
            #expect(scene.session.type(GuardedAgent.passcode).succeeded)
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "unlocked" }, "\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.xtermColours) > 10_000 }, "\(scene.log())")
            #expect(waitUntil(timeout: .seconds(10)) { scene.appIsActive() },
                    "the unlocked app is in front with the keyboard: \(scene.windows())")

            // Locked while in front, the other window behind it: KWin gives the other window the focus as the app is
            // hidden; the lock window comes and keeps the keyboard, so the passcode typed next unlocks.
            try scene.lock()
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "locked" }, "\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.lockWindowColours) > 100_000 && scene.pixels(Self.xtermColours) == 0 },
                    "the lock window comes for the app locked in front\n\(scene.log())")
            _ = scene.pixels(Self.xtermColours, "locked-in-front")
            #expect(waitUntil(timeout: .seconds(10)) { scene.lockWindowIsActive(besides: [other]) },
                    "the lock window has the keyboard: \(scene.windows())\n\(scene.log())")
            #expect(scene.session.type(GuardedAgent.passcode).succeeded)
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "unlocked" },
                    "the passcode reached the lock window\n\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.xtermColours) > 10_000 }, "the app comes back\n\(scene.log())")
            _ = scene.pixels(Self.xtermColours, "unlocked-again")
        }
    }

    /// With `BackgroundWhen=unfocused` the app is `background` once the user activates another window, and a manual
    /// obscure clears at its next `foreground`: the guard must hear of that activation, though the script hid the
    /// active window just before and KWin activated nothing in its place.
    @Test("Alone on the desktop, BackgroundWhen=unfocused: an app obscured while in front (Lock, no passcode) is hidden though KWin has no other window to activate; the user opens another window and reaches for the app again: it is uncovered")
    func obscuredInFrontAloneThenReachedForAgain() throws {
        try Self.inReachScene("obscured-alone", policy: "BackgroundWhen=unfocused\n", withPasscode: false) { scene in
            // Obscured while in front, the only window: KWin has no window to give the focus to.
            try scene.obscure()

            // The user opens another window and works in it, then reaches for the app as the task bar does.
            let other = try scene.launchOther()
            defer { other.stop() }
            scene.expectInFront(other, "other-window")
            try scene.reachBringsTheAppBack()
        }
    }

    /// With the default `BackgroundWhen=minimised` a hidden window still counts as on screen, so the app never reports
    /// `background`: the guard reports `foreground` again when the user reaches for the obscured app.
    @Test("BackgroundWhen=minimised (the default): an app obscured while in front (Lock, no passcode) is hidden; the user opens another window and reaches for the app as the task bar does: it comes back unlocked; obscured in front again, KWin gives the other window the focus and the app stays obscured until the user reaches for it: it comes back again")
    func obscuredInFrontWithTheDefaultRuleThenReachedForAgain() throws {
        try Self.inReachScene("obscured-default", withPasscode: false) { scene in
            try scene.obscure()
            let other = try scene.launchOther()
            defer { other.stop() }
            scene.expectInFront(other, "other-window")
            #expect(scene.state() == "obscured", "opening another window brings nothing back")
            try scene.reachBringsTheAppBack()

            try scene.obscure()
            scene.expectInFront(other, "other-window-again")
            #expect(scene.state() == "obscured", "KWin's hand-off to the other window brings nothing back")
            try scene.reachBringsTheAppBack()
        }
    }

    /// The lock window of an app locked in front, alone on the desktop, takes the focus KWin had given to no window:
    /// the user's next activation (another window) is reported, so the lock window goes, and reaching for the app again
    /// brings it back.
    @Test("Alone on the desktop: an app locked while in front gets its lock window with the keyboard; the user opens another window (the lock window goes) and reaches for the app again: the lock window comes back, never the app")
    func lockedInFrontAloneThenReachedForAgain() throws {
        try Self.inReachScene("locked-alone") { scene in
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "locked" }, "\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.lockWindowIsActive() },
                    "the lock window has the keyboard: \(scene.windows())\n\(scene.log())")
            #expect(scene.session.type(GuardedAgent.passcode).succeeded)
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "unlocked" }, "\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.xtermColours) > 10_000 && scene.appIsActive() },
                    "the unlocked app is on screen with the keyboard: \(scene.windows())\n\(scene.log())")

            try scene.lock()
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "locked" }, "\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.lockWindowColours) > 100_000 && scene.pixels(Self.xtermColours) == 0 },
                    "the lock window comes for the app locked in front\n\(scene.log())")
            #expect(waitUntil(timeout: .seconds(10)) { scene.lockWindowIsActive() },
                    "the lock window has the keyboard: \(scene.windows())\n\(scene.log())")
            _ = scene.pixels(Self.xtermColours, "locked-in-front")

            let other = try scene.launchOther()
            defer { other.stop() }
            #expect(waitUntil(timeout: .seconds(20)) { scene.isActive(other) && scene.pixels(Self.lockWindowColours) < 10_000 },
                    "the lock window goes when the user opens another window: \(scene.windows())\n\(scene.log())")
            _ = scene.pixels(Self.xtermColours, "other-window")

            try scene.reachBringsTheLockWindow(besides: [other])
            #expect(scene.session.type(GuardedAgent.passcode).succeeded)
            #expect(waitUntil(timeout: .seconds(20)) { scene.state() == "unlocked" },
                    "the passcode reached the lock window\n\(scene.log())")
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.xtermColours) > 10_000 }, "the app comes back\n\(scene.log())")
        }
    }

    /// KWin activates no window in place of an app hidden in front when the other windows are on other desktops; the
    /// one it activates when the user switches to such a desktop is the user's move, not KWin's hand-off.
    @Test("Alone on its desktop, BackgroundWhen=unfocused: an app obscured while in front (Lock, no passcode), the other window on the second desktop; the user switches to that desktop and reaches for the app again: it is uncovered")
    func obscuredInFrontThenDesktopSwitchedAndReachedForAgain() throws {
        try Self.inReachScene("obscured-desktop-switch", policy: "BackgroundWhen=unfocused\n", withPasscode: false) { scene in
            scene.expectAppUnlockedInFront()
            let other = try scene.launchOther()
            defer { other.stop() }
            #expect(waitUntil(timeout: .seconds(20)) { scene.isActive(other) },
                    "the other window has the keyboard: \(scene.windows())\n\(scene.log())")
            #expect(try scene.session.sendToSecondDesktop(pid: other.pid) == 1)
            #expect(waitUntil(timeout: .seconds(20)) { scene.pixels(Self.otherColours) == 0 },
                    "the other window went to the second desktop: \(scene.windows())\n\(scene.log())")
            // The user clicks the app (KWin 6.3 activates no window when the active one leaves the desktop; 5.27 the app).
            #expect(try scene.session.reachFor(pid: scene.appProcess.pid) == 1)

            // Obscured while in front, the only window on its desktop: KWin has no window to give the focus to.
            try scene.obscure()

            // The user switches to the second desktop, where KWin activates the other window, then reaches for the app.
            #expect(try scene.session.switchToDesktop(2) == 2)
            scene.expectInFront(other, "second-desktop")
            try scene.reachBringsTheAppBack()
        }
    }
}
