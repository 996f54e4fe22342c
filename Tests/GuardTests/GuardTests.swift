import AppLockTestSupport
import Foundation
import Glibc
import Testing

/// applock-guard on a real X server with a real window manager, over an unmodified xterm.
@Suite("Guard on X11", .serialized)
struct GuardTests {
    @Test("Protected once a cover could be made; a guarded app with a passcode starts covered and locked; keys typed reach nothing; moving, resizing and raising keep it covered; the right passcode uncovers it")
    func startsCoveredAndHoldsTheKeyboard() throws {
        let h = try GuardHarness("starts-covered")
        try h.startGuard()
        let probe = GuardStatusProbe(environment: h.environment)
        #expect(probe.waitFor(nil)?.statement == "protecting guarded apps on X11 (covers are made on the X server)",
                "the guard says it protects once a cover could be made: \(h.guardLog())")
        #expect(try probe.applockctlStatus().status == 0)
        let window = try h.startApp()
        #expect(h.waitForState("locked"), "state: \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilCovered(window, label: "locked-at-launch"), "\(h.guardLog())")

        let before = h.session.rect(of: window)
        h.session.xdotool(["windowactivate", "--sync", String(window)])
        h.session.xdotool(["type", "--delay", "20", "typed while covered"])
        h.session.xdotool(["key", "Return"])
        h.session.xdotool(["windowmove", "--sync", String(window), "400", "300"])
        h.session.xdotool(["windowsize", "--sync", String(window), "500", "300"])
        h.session.xdotool(["windowraise", String(window)])
        #expect(h.waitUntilCovered(window, label: "moved-resized-raised"), "\(h.guardLog())")
        #expect(h.session.rect(of: window) != before, "the window moved and changed size")

        try h.unlock()
        #expect(h.waitForState("unlocked"))
        #expect(h.waitUntilCovered(window, false, label: "unlocked"), "\(h.guardLog())")
        h.session.xdotool(["windowactivate", "--sync", String(window)])
        h.session.xdotool(["type", "--delay", "20", "after"])
        h.session.xdotool(["key", "Return"])
        #expect(waitUntil(timeout: .seconds(5)) { h.recorded().contains("after") }, "the unlocked app gets keys")
        #expect(!h.recorded().contains("typed"), "keys typed while covered reached the app: \(h.recorded())")
    }

    @Test("The lock window comes up over the locked app; a wrong passcode typed into it counts and keeps the app covered, the right one uncovers it and gives it the focus back")
    func lockWindowUnlocks() throws {
        let h = try GuardHarness("lock-window")
        try h.startGuard()
        let window = try h.startApp(geometry: "100x40+60+40")
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(window, label: "covered"), "\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(20)) { h.guardLog().contains("applock-lock-window: keyboard grabbed") },
                "the lock window never took the keyboard:\n\(h.guardLog())")
        #expect(h.waitUntilCovered(window, label: "lock-window"), "\(h.guardLog())")

        h.session.xdotool(["type", "--delay", "40", "0000"])
        #expect(waitUntil(timeout: .seconds(10)) { (try? h.client.failedAttempts(GuardHarness.app)) == 1 })
        #expect(h.state() == "locked")
        #expect(h.waitUntilCovered(window, label: "wrong-passcode"), "\(h.guardLog())")

        h.session.xdotool(["type", "--delay", "40", GuardHarness.passcode])
        #expect(h.waitForState("unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(window, false, label: "unlocked"), "\(h.guardLog())")
        h.session.xdotool(["type", "--delay", "20", "hello"])
        h.session.xdotool(["key", "Return"])
        #expect(waitUntil(timeout: .seconds(5)) { h.recorded() == "hello\n" },
                "the app has the focus after unlocking and got nothing before: \(h.recorded())")
    }

    @Test("A cover destroyed or unmapped by another client (xdotool windowclose, windowunmap) is put up again at once with the lock window and the keyboard, one moved away goes back: the app's pixels stay hidden and keys typed reach nothing")
    func aCoverTakenDownByAnotherClientComesBack() throws {
        let h = try GuardHarness("cover-taken-down")
        try h.startGuard()
        let window = try h.startApp(geometry: "100x40+60+40")
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(window, label: "covered"), "\(h.guardLog())")
        #expect(waitUntil(timeout: .seconds(20)) { h.keyboardGrabsByLockWindows() == 1 }, "\(h.guardLog())")

        for (round, attack) in ["windowclose", "windowunmap"].enumerated() {
            let before = try #require(h.visibleCovers().first, "no cover on screen")
            h.session.xdotool([attack, String(before)])
            #expect(waitUntil(timeout: .seconds(10)) { !h.visibleCovers().isEmpty && !h.visibleCovers().contains(before) },
                    "no new cover after \(attack): \(h.guardLog())")
            #expect(h.waitUntilCovered(window, label: "after-\(attack)"), "\(h.guardLog())")
            #expect(waitUntil(timeout: .seconds(20)) { h.keyboardGrabsByLockWindows() >= round + 2 },
                    "the new lock window did not take the keyboard after \(attack): \(h.guardLog())")
            h.session.xdotool(["type", "--delay", "20", "typed after \(attack)"])
            h.session.xdotool(["key", "Return"])
            #expect(h.waitUntilCovered(window, label: "typed-after-\(attack)"), "\(h.guardLog())")
        }
        #expect(h.guardLog().contains("taken down by another client"))

        let moved = try #require(h.visibleCovers().first, "no cover on screen")
        h.session.xdotool(["windowmove", String(moved), "700", "500"])
        h.session.xdotool(["windowsize", String(moved), "20", "20"])
        #expect(h.waitUntilCovered(window, label: "cover-moved-away"), "\(h.guardLog())")

        h.session.xdotool(["type", "--delay", "40", GuardHarness.passcode])
        #expect(h.waitForState("unlocked"), "the passcode typed reached the new lock window: \(h.guardLog())")
        #expect(h.waitUntilCovered(window, false, label: "unlocked"), "\(h.guardLog())")
        h.session.xdotool(["type", "--delay", "20", "after"])
        h.session.xdotool(["key", "Return"])
        #expect(waitUntil(timeout: .seconds(5)) { h.recorded() == "after\n" },
                "only what was typed after unlocking reached the app: \(h.recorded())")
    }

    @Test("With a large and a small (40×10) window of a locked app, reaching for the small one puts the lock window in the large one's cover: every key and the prompt are on screen, after a wrong passcode too")
    func theLockWindowGoesIntoTheLargestCover() throws {
        let h = try GuardHarness("lock-window-largest-cover")
        try h.startGuard()
        let large = try h.startApp(geometry: "80x24+60+40")
        #expect(h.waitForState("locked"))
        let second = h.environment.root.appendingPathComponent("second.txt")
        let small = try h.startApp(command: "exec cat > '\(second.path)'", geometry: "40x10+700+500")
        #expect(h.waitUntilCovered(large, label: "large-covered"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(small, label: "small-covered"), "\(h.guardLog())")

        h.session.xdotool(["windowactivate", "--sync", String(small)])
        let largeRect = try #require(h.session.rect(of: large))
        let (shown, seen) = h.waitUntilLockWindowShowsEverything(inside: largeRect, label: "small-reached-for")
        #expect(shown, "\(seen.map(\.description) ?? "no screenshot")\n\(h.guardLog())")

        h.session.xdotool(["type", "--delay", "40", "0000"])
        #expect(waitUntil(timeout: .seconds(10)) { (try? h.client.failedAttempts(GuardHarness.app)) == 1 })
        let (afterWrong, seenAfterWrong) = h.waitUntilLockWindowShowsEverything(inside: largeRect, label: "wrong-passcode")
        #expect(afterWrong, "\(seenAfterWrong.map(\.description) ?? "no screenshot")\n\(h.guardLog())")

        h.session.xdotool(["type", "--delay", "40", GuardHarness.passcode])
        #expect(h.waitForState("unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(large, false, label: "large-unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(small, false, label: "small-unlocked"), "\(h.guardLog())")
        #expect(h.recorded().isEmpty && ((try? String(contentsOf: second, encoding: .utf8)) ?? "").isEmpty,
                "keys typed while locked reached the app")
    }

    @Test("When no cover of a locked app holds even the compact lock window (two 40×10 windows), it floats centred over them as its own window with every key and the prompt on screen; the passcode typed there unlocks")
    func theLockWindowFloatsWhenNoCoverHoldsIt() throws {
        let h = try GuardHarness("lock-window-floating")
        try h.startGuard()
        let first = try h.startApp(geometry: "40x10+100+150")
        #expect(h.waitForState("locked"))
        let second = h.environment.root.appendingPathComponent("second.txt")
        let other = try h.startApp(command: "exec cat > '\(second.path)'", geometry: "40x10+700+450")
        #expect(h.waitUntilCovered(first, label: "first-covered"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(other, label: "second-covered"), "\(h.guardLog())")

        h.session.xdotool(["windowactivate", "--sync", String(first)])
        let (shown, seen) = h.waitUntilLockWindowShowsEverything(label: "floating")
        #expect(shown, "\(seen.map(\.description) ?? "no screenshot")\n\(h.guardLog())")
        let firstRect = try #require(h.session.rect(of: first)), otherRect = try #require(h.session.rect(of: other))
        if let area = seen?.area {
            #expect(!firstRect.holds(area) && !otherRect.holds(area), "the lock window is no cover's: \(area)")
            let middle = (firstRect.x + otherRect.x + otherRect.width) / 2
            #expect(abs(area.x + area.width / 2 - middle) < 40, "centred over the app's windows: \(area)")
        }
        #expect(h.waitUntilCovered(first, label: "first-still-covered"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(other, label: "second-still-covered"), "\(h.guardLog())")

        h.session.xdotool(["type", "--delay", "40", GuardHarness.passcode])
        #expect(h.waitForState("unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(first, false, label: "first-unlocked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(other, false, label: "second-unlocked"), "\(h.guardLog())")
        #expect(try h.lockWindowOnScreen(label: "unlocked").keys.isEmpty, "the floating lock window is gone")
    }

    @Test("logind Lock, PrepareForSleep and idle each cover the guarded app")
    func sessionTriggersCover() throws {
        let h = try GuardHarness("session-triggers", policy: "LockAfterIdle=60\n")
        try h.startGuard()
        let window = try h.startApp()
        #expect(h.waitForState("locked"))
        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "unlocked"), "\(h.guardLog())")

        try h.environment.logindSessionLock()
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(window, label: "logind-lock"), "\(h.guardLog())")
        try h.unlock()
        try h.environment.logindSessionUnlock()
        #expect(h.waitUntilCovered(window, false, label: "after-logind-unlock"), "\(h.guardLog())")

        try h.environment.emitPrepareForSleep(true)
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(window, label: "prepare-for-sleep"), "\(h.guardLog())")
        try h.environment.emitPrepareForSleep(false)
        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "after-resume"), "\(h.guardLog())")

        let twoMinutesAgo = UInt64(Date().timeIntervalSince1970 * 1_000_000) - 120_000_000
        try h.environment.updateSessionProperties("{'IdleHint': <true>, 'IdleSinceHint': <uint64 \(twoMinutesAgo)>}")
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(window, label: "idle"), "\(h.guardLog())")
    }

    @Test("Minimising the app and waiting out its GracePeriod locks it; shown again, it is covered")
    func minimiseAndGracePeriod() throws {
        let h = try GuardHarness("grace-period", policy: "GracePeriod=1\n")
        let window = try h.startUnlockedApp()
        h.session.xdotool(["windowminimize", "--sync", String(window)])
        #expect(h.waitForState("locked", timeout: .seconds(10)), "\(h.guardLog())")
        h.session.xdotool(["windowmap", "--sync", String(window)])
        h.session.xdotool(["windowactivate", "--sync", String(window)])
        #expect(h.waitUntilCovered(window, label: "restored-after-grace"), "\(h.guardLog())")
    }

    @Test("A window the app opens while covered is covered")
    func newWindowWhileCovered() throws {
        let h = try GuardHarness("new-window")
        try h.startGuard()
        let fifo = h.environment.root.appendingPathComponent("open-window")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let second = h.environment.root.appendingPathComponent("second.txt")
        let first = try h.startApp(command: """
            read line < '\(fifo.path)'; xterm -class \(GuardHarness.appClass) -bg magenta -fg yellow \
            -geometry 40x10+600+420 -e sh -c "cat > '\(second.path)'" & exec cat > '\(h.recorder.path)'
            """)
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(first, label: "locked"), "\(h.guardLog())")

        let before = Set(h.session.windows(ofClass: GuardHarness.appClass))
        try "open\n".write(to: fifo, atomically: false, encoding: .utf8)
        var opened: UInt32?
        _ = waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(20)) {
            opened = Set(h.session.windows(ofClass: GuardHarness.appClass)).subtracting(before).first
            return opened != nil
        }
        let newWindow = try #require(opened, "the app did not open its second window")
        #expect(h.waitUntilCovered(newWindow, label: "second-window"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(first, label: "first-window-still"), "\(h.guardLog())")
        #expect(h.state() == "locked")
    }

    @Test("An app without a passcode is obscured by Lock: its cover shows the app's icon and name")
    func obscuredCover() throws {
        let h = try GuardHarness("obscured", passcode: false)
        try h.startGuard()
        let window = try h.startApp()
        #expect(h.waitForState("unlocked"), "without a passcode the app registers unlocked")
        #expect(h.waitUntilCovered(window, false, label: "registered"), "\(h.guardLog())")
        _ = try h.client.call("Lock", [.string(GuardHarness.app)])
        #expect(h.waitForState("obscured"))
        #expect(h.waitUntilCovered(window, label: "obscured"), "\(h.guardLog())")
    }

    @Test("BackgroundWhen=minimised (the default): an app without a passcode obscured in front by applockctl lock hides its pixels and keys; the user clicks its cover: it comes back unlocked with the keyboard; obscured again, the user works in another app and activates it again as a task bar does: it comes back again")
    func anAppObscuredInFrontComesBackWhenTheUserReachesForIt() throws {
        let h = try GuardHarness("obscured-reach", passcode: false)
        try h.startGuard()
        let window = try h.startApp()
        #expect(h.waitForState("unlocked"), "without a passcode the app registers unlocked")
        h.session.xdotool(["windowactivate", "--sync", String(window)])
        #expect(h.waitUntilCovered(window, false, label: "unlocked"), "\(h.guardLog())")

        func obscure(_ label: String) throws {
            let locked = try h.applockctl(["lock", GuardHarness.app])
            #expect(locked.succeeded, "\(locked.stderr)")
            #expect(h.waitForState("obscured"), "\(h.guardLog())")
            #expect(h.waitUntilCovered(window, label: label), "\(h.guardLog())")
        }
        func expectBack(_ label: String, typing text: String) {
            #expect(h.waitForState("unlocked"), "reaching for the obscured app brings it back: \(h.guardLog())")
            #expect(h.waitUntilCovered(window, false, label: label), "\(h.guardLog())")
            h.session.xdotool(["type", "--delay", "20", text])
            h.session.xdotool(["key", "Return"])
            #expect(waitUntil(timeout: .seconds(5)) { h.recorded().hasSuffix(text + "\n") },
                    "the app gets the keys: \(h.recorded())")
        }

        // Obscured in front: its cover sits over it; a click on the cover is the user coming back to it.
        try obscure("obscured-in-front")
        #expect(h.activeWindow() == window, "the obscured app stays the active window")
        h.session.xdotool(["type", "--delay", "20", "typed while obscured"])
        let rect = try #require(h.session.rect(of: window))
        h.session.xdotool(["mousemove", "--sync", String(rect.x + rect.width / 2), String(rect.y + rect.height / 2)])
        h.session.xdotool(["click", "1"])
        expectBack("clicked", typing: "after the click")

        // Obscured in front again; the user works in another app, then activates the app as a task bar does.
        try obscure("obscured-again")
        let other = try h.startOtherApp()
        h.session.xdotool(["windowactivate", "--sync", String(other)])
        #expect(h.activeWindow() == other, "another app has the focus")
        #expect(h.waitUntilCovered(window, label: "other-app-focused"), "\(h.guardLog())")
        #expect(h.state() == "obscured")
        h.session.xdotool(["windowactivate", "--sync", String(window)])
        expectBack("activated", typing: "after the activation")
        #expect(!h.recorded().contains("typed while"), "keys typed while obscured reached the app: \(h.recorded())")
    }

    @Test("A cover made ahead follows its window while the app is unlocked: moved and made larger, then logind Lock, the whole window is covered")
    func coverMadeAheadFollowsTheWindow() throws {
        let h = try GuardHarness("made-ahead", passcode: false)
        try h.startGuard()
        let window = try h.startApp()
        #expect(h.waitForState("unlocked"), "without a passcode the app registers unlocked")
        #expect(h.waitUntilCovered(window, false, label: "unlocked"), "\(h.guardLog())")
        let before = try #require(h.session.rect(of: window))
        h.session.xdotool(["windowmove", "--sync", String(window), "300", "200"])
        h.session.xdotool(["windowsize", "--sync", String(window), "900", "560"])
        #expect(waitUntil(timeout: .seconds(5)) { h.session.rect(of: window).map { $0.width > before.width } ?? false },
                "the window grew: \(String(describing: h.session.rect(of: window)))")
        #expect(h.waitUntilCovered(window, false, label: "moved-resized-unlocked"), "\(h.guardLog())")

        try h.environment.logindSessionLock()
        #expect(h.waitForState("obscured"))
        #expect(h.waitUntilCovered(window, label: "locked-after-resize"), "\(h.guardLog())")
    }

    @Test("The guard killed with SIGKILL leaves its covers up; restarted, it covers the app again and the app is locked")
    func killedAndRestarted() throws {
        let h = try GuardHarness("killed")
        try h.startGuard()
        let window = try h.startApp()
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(window, label: "before-kill"), "\(h.guardLog())")

        let guardProcess = try #require(h.guardProcess)
        guardProcess.kill(SIGKILL)
        #expect(guardProcess.waitForExit())
        #expect(try h.visibleAppPixels(window, label: "guard-dead") == 0, "a guard crash uncovered the app")
        #expect(h.waitForState("locked"), "the agent keeps the app locked")

        try h.startGuard()
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(window, label: "after-restart"), "\(h.guardLog())")
        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "unlocked-after-restart"), "\(h.guardLog())")
    }

    @Test("The agent leaving the bus covers an unlocked guarded app at once (fail closed); when it is back the guard registers the app again and it starts locked")
    func agentRestartFailsClosed() throws {
        let h = try GuardHarness("agent-restart")
        try h.startGuard()
        let window = try h.startApp()
        #expect(h.waitForState("locked"))
        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "unlocked"), "\(h.guardLog())")
        h.agent.kill(SIGKILL)
        #expect(h.waitUntilCovered(window, label: "agent-gone"), "\(h.guardLog())")
        try h.agent.restart()
        try h.agent.waitUntilServing()
        #expect(h.waitForState("locked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(window, label: "agent-back"), "\(h.guardLog())")
    }

    @Test("applockctl guard add covers a running app at once; guard list shows it; guard remove on an app with a passcode is held until the passcode confirms it: the app stays unlocked, and guarded at its next lock, until then")
    func guardCommand() throws {
        let h = try GuardHarness("applockctl-guard", guarded: false)
        try h.startGuard()
        let window = try h.startApp()
        #expect(h.waitUntilCovered(window, false, label: "not-guarded"))
        #expect(try h.applockctl(["guard", "list"]).stdout == "")

        let add = try h.applockctl(["guard", "add", GuardHarness.app])
        #expect(add.succeeded, "\(add.stderr)")
        #expect(h.waitForState("locked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(window, label: "guard-add"), "\(h.guardLog())")
        #expect(try h.applockctl(["guard", "list"]).stdout == GuardHarness.app + "\n")

        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "guard-add-unlocked"), "\(h.guardLog())")

        let remove = try h.applockctl(["guard", "remove", GuardHarness.app])
        #expect(remove.succeeded, "\(remove.stderr)")
        #expect(remove.stdout.contains("stays guarded until its passcode confirms the change"), "\(remove.stdout)")
        #expect(try h.applockctl(["guard", "list"]).stdout
            == "\(GuardHarness.app)\t(still guarded until its passcode confirms: applockctl policy confirm \(GuardHarness.app))\n",
                "guard list shows what is in force")
        #expect(waitUntil(timeout: .seconds(10)) { h.guardLog().contains("stays guarded: the agent holds") },
                "\(h.guardLog())")
        #expect(h.state() == "unlocked", "the held change ended no registration, so nothing locked the app")
        #expect(h.waitUntilCovered(window, false, label: "guard-remove-unlocked"), "\(h.guardLog())")
        _ = try h.client.call("Lock", [.string(GuardHarness.app)])
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(window, label: "guard-remove-held"), "unconfirmed, it is still guarded: \(h.guardLog())")

        let confirm = try h.applockctl(["policy", "confirm", GuardHarness.app, "--stdin"], input: GuardHarness.passcode + "\n")
        #expect(confirm.succeeded, "\(confirm.stderr)")
        #expect(try h.applockctl(["guard", "list"]).stdout == "")
        #expect(waitUntil(timeout: .seconds(10)) { h.guardLog().contains("it stays covered until it is unlocked") },
                "\(h.guardLog())")
        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "guard-remove-confirmed"), "\(h.guardLog())")
        _ = try h.client.call("Lock", [.string(GuardHarness.app)])
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(window, false, label: "not-guarded-after-confirm"), "\(h.guardLog())")
        let bad = try h.applockctl(["guard", "add", "not an id"])
        #expect(bad.status == 12 || bad.status == 2, "\(bad.stderr)")
    }

    @Test("A guard started while the agent is down keeps guarding an app whose un-guarding the agent held: it remembered the held change (0600, in its state folder)")
    func heldChangeIsRememberedAcrossAGuardRestart() throws {
        let h = try GuardHarness("held-remembered")
        try h.startGuard()
        let window = try h.startApp()
        #expect(h.waitForState("locked"))
        try h.unlock()
        #expect(h.waitUntilCovered(window, false, label: "unlocked"), "\(h.guardLog())")
        let remove = try h.applockctl(["guard", "remove", GuardHarness.app])
        #expect(remove.succeeded, "\(remove.stderr)")
        let remembered = h.environment.stateHome.appendingPathComponent("applock/guard-held")
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? String(contentsOf: remembered, encoding: .utf8))
                == "applock-guard-held 1\nguard \(GuardHarness.app) minimised\nhide-notifications \(GuardHarness.app)\n"
        }, "\(h.guardLog())")
        let mode = try FileManager.default.attributesOfItem(atPath: remembered.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        h.agent.kill(SIGKILL)
        #expect(h.waitUntilCovered(window, label: "agent-gone"), "\(h.guardLog())")
        h.guardProcess?.stop()
        try h.startGuard()
        #expect(h.waitUntilCovered(window, label: "guard-restarted-agent-down"), "the files no longer guard it: \(h.guardLog())")
        #expect(h.guardLog().contains("\(GuardHarness.app) stays guarded until the agent answers"), "\(h.guardLog())")

        // The agent back holds the change still (the passcode has not verified its authenticated policy yet).
        try h.agent.restart()
        try h.agent.waitUntilServing()
        #expect(h.waitForState("locked"), "\(h.guardLog())")
        #expect(h.waitUntilCovered(window, label: "agent-back"), "\(h.guardLog())")
        let held = try h.client.call("GetHeldPolicyChanges").first?.arrayValue?.first?.structureValue
        #expect(held?.first?.stringValue == GuardHarness.app && held?.last?.arrayValue?.first?.stringValue == "Guard")
    }

    @Test("applockctl guard add for an app without a passcode opens the set-passcode window; the passcode typed there locks the app from then on")
    func guardAddSetsUpAPasscode() throws {
        let h = try GuardHarness("guard-add-passcode", passcode: false, guarded: false)
        try h.startGuard()
        let window = try h.startApp()
        let add = try h.session.launch([try PackageFolders.program("applockctl"), "guard", "add", GuardHarness.app],
                                       logName: "guard-add")
        var setup: UInt32?
        #expect(waitUntil(timeout: .seconds(20), pollEvery: .milliseconds(100)) {
            setup = h.session.run(["xdotool", "search", "--onlyvisible", "--name", "AppLock"]).stdout
                .split(separator: "\n").first.flatMap { UInt32($0) }
            return setup != nil
        }, "no set-passcode window: \(add.logText())")
        let setupWindow = try #require(setup)
        h.session.xdotool(["windowactivate", "--sync", String(setupWindow)])
        _ = try h.visibleAppPixels(window, label: "set-passcode-window")
        h.session.xdotool(["type", "--delay", "40", "2468"])
        h.session.xdotool(["type", "--delay", "40", "2468"])
        #expect(waitUntil(timeout: .seconds(15)) { (try? h.client.hasPasscode(GuardHarness.app)) == true },
                "\(add.logText())")
        _ = try h.visibleAppPixels(window, label: "passcode-set")
        for child in Self.children(of: add.pid) { kill(child, SIGTERM) }
        #expect(add.waitForExit())

        _ = try h.client.call("Lock", [.string(GuardHarness.app)])
        #expect(h.waitForState("locked"))
        #expect(h.waitUntilCovered(window, label: "locked-with-new-passcode"), "\(h.guardLog())")
    }

    @Test("BackgroundWhen=minimised (the default): focusing another app does not lock the guarded app past its GracePeriod; minimising it does")
    func focusElsewhereKeepsAMinimisedRuleAppUnlocked() throws {
        let h = try GuardHarness("background-when-minimised", policy: "GracePeriod=1\n")
        let window = try h.startUnlockedApp()

        let other = try h.startOtherApp()
        h.session.xdotool(["windowactivate", "--sync", String(other)])
        #expect(h.activeWindow() == other, "another app has the focus")
        // A lock that must not come: waited for well past the GracePeriod of 1 s.
        let locked = waitUntil(timeout: .seconds(4)) { h.state() != "unlocked" }
        #expect(!locked, "focus on another app locked the app (GracePeriod=1): \(h.state() ?? "none")\n\(h.guardLog())")
        #expect(h.waitUntilCovered(window, false, label: "other-app-focused"), "\(h.guardLog())")

        h.session.xdotool(["windowminimize", "--sync", String(window)])
        #expect(h.waitForState("locked", timeout: .seconds(10)), "\(h.guardLog())")
    }

    @Test("BackgroundWhen=unfocused: focusing another app locks the guarded app after its GracePeriod")
    func focusElsewhereLocksAnUnfocusedRuleApp() throws {
        let h = try GuardHarness("background-when-unfocused", policy: "GracePeriod=1\nBackgroundWhen=unfocused\n")
        let window = try h.startUnlockedApp()
        #expect(h.state() == "unlocked")

        let other = try h.startOtherApp()
        h.session.xdotool(["windowactivate", "--sync", String(other)])
        #expect(h.waitForState("locked", timeout: .seconds(10)), "\(h.guardLog())")
        #expect(h.waitUntilCovered(window, label: "locked-after-focus-left"), "\(h.guardLog())")
    }

    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
