import AppLockGuardCore
import AppLockTestSupport
import Foundation
import Testing

/// `applock-lock-window` under Xvfb + openbox with the real agent and keyring: what a user sees and types.
@Suite("Lock window", .serialized)
struct LockWindowTests {
    @Test("The right passcode typed into the keypad unlocks the app and ends the window; a wrong one shows the attempts left; keys never reach the window below")
    func keypadUnlocks() throws {
        let harness = try LockWindowHarness()
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let recorded = harness.environment.root.appendingPathComponent("recorded.txt")
        _ = try harness.display.launch(
            ["xterm", "-geometry", "80x24+0+0", "-e", "sh", "-c", "stty raw -echo; exec cat > \(recorded.path)"],
            log: harness.environment.logDirectory.appendingPathComponent("xterm.log"))
        #expect(waitUntil(timeout: .seconds(10)) { FileManager.default.fileExists(atPath: recorded.path) })
        // The app has the focus when it is locked.
        let xterm = harness.display.run(["xdotool", "search", "--sync", "--class", "xterm"]).stdout
            .split(separator: "\n").first.map(String.init) ?? ""
        #expect(harness.display.run(["xdotool", "windowactivate", "--sync", xterm]).succeeded)
        let parent = try harness.makeParentWindow()
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app, "--parent", String(parent)])
        #expect(harness.accessibility.find("Enter the passcode to unlock Notes") != nil)
        try harness.screenshot("digit-keypad")

        // The window manager hands the focus back to the xterm: the lock window still gets every key.
        #expect(harness.display.run(["xdotool", "windowactivate", xterm]).succeeded)
        #expect(harness.type("0000"))
        let wrong = harness.accessibility.find("attempts left")
        #expect(wrong?.contains("Wrong passcode. 4 attempts left.") == true, "\(wrong ?? "nothing")")
        #expect(try harness.client.failedAttempts(LockWindowHarness.app) == 1)
        try harness.screenshot("digit-keypad-wrong")

        let tree = harness.accessibleTree()
        for label in ["Digit 1", "Digit 0", "Delete last digit", "Notes icon"] {
            #expect(tree.contains { $0.contains("\t\(label)\t") }, "no accessible \(label) in \(tree)")
        }
        #expect(tree.contains { $0.hasPrefix("push button\tDigit 5") })

        #expect(harness.type("1234"))
        #expect(waitUntil(timeout: .seconds(15)) { (try? harness.state()) == "unlocked" })
        #expect(window.exitStatus(within: .seconds(10)) == 0)
        #expect(((try? String(contentsOf: recorded, encoding: .utf8)) ?? "").isEmpty, "the xterm below received keys")
    }

    @Test("An alphanumeric passcode goes through GTK's password entry")
    func passwordEntry() throws {
        let harness = try LockWindowHarness()
        let window = try harness.startLockWindowInCover(passcode: "correct horse", kind: "alphanumeric")
        let tree = harness.accessibleTree()
        #expect(tree.contains { $0.contains("\tPasscode\t") }, "no labelled passcode entry in \(tree)")
        #expect(tree.contains { $0.contains("button\tUnlock\t") }, "the entry's button does not say Unlock: \(tree)")
        #expect(harness.type("battery staple", then: ["Return"]))
        #expect(waitUntil(timeout: .seconds(30)) { (try? harness.client.failedAttempts(LockWindowHarness.app)) == 1 },
                "the wrong passcode was not counted")
        #expect(harness.accessibility.find("attempts left")?.contains("4 attempts left") == true)
        try harness.screenshot("alphanumeric")
        #expect(harness.type("correct horse", then: ["Return"]))
        #expect(waitUntil(timeout: .seconds(15)) { (try? harness.state()) == "unlocked" })
        #expect(window.exitStatus(within: .seconds(10)) == 0)
    }

    @Test("In a cover of the compact layout's size (LockWindowSize.compact) every key and the prompt are on screen, with a two-line notice too")
    func compactLayoutFitsItsSize() throws {
        let harness = try LockWindowHarness(policy: "MaxFailedAttempts=1\nLockoutSchedule=120")
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let size = LockWindowSize.compact
        let parent = try harness.makeParentWindow(width: Int(size.width), height: Int(size.height))
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app, "--parent", String(parent)])
        // Keys typed before the window is shown with the focus reach nothing (once it has put the focus back for
        // screen readers, it has); the notice comes once the agent has counted the attempt.
        #expect(waitUntil(timeout: .seconds(20)) { window.log.contains("announced again") }, "\(window.log)")
        #expect(harness.type("9999"))
        #expect(waitUntil(timeout: .seconds(20)) { harness.accessibility.find("Another wrong passcode starts a lock-out") != nil },
                "\(window.log)")
        let seen = try LockWindowOnScreen(reading: try harness.screenshot("compact-size"), environment: harness.environment)
        #expect(seen.showsEveryKeyAndThePrompt, "\(seen)")
        #expect(seen.area.map { $0.width <= Int(size.width) && $0.height <= Int(size.height) } == true,
                "the lock window is its cover's size: \(seen)")
    }

    @Test("In a cover too low for the full layout but with room for an icon (Text Editor's window, 700×520) the compact layout shows the app's icon with every key and the prompt; in the compact layout's own size it has none", arguments: [(Int32(700), Int32(520), true), (LockWindowSize.compact.width, LockWindowSize.compact.height, false)])
    func compactLayoutShowsTheIconWhenItFits(width: Int32, height: Int32, showsIcon: Bool) throws {
        let harness = try LockWindowHarness()
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let parent = try harness.makeParentWindow(width: Int(width), height: Int(height))
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app, "--parent", String(parent)])
        #expect(waitUntil(timeout: .seconds(20)) { harness.accessibleTree().contains { $0.contains("\tDigit 5\t") } },
                "\(window.log)")
        let tree = harness.accessibleTree()
        #expect(tree.contains { $0.contains("\tNotes icon\t") } == showsIcon, "\(tree)")
        let seen = try LockWindowOnScreen(reading: try harness.screenshot("compact-\(width)x\(height)"),
                                          environment: harness.environment)
        #expect(seen.showsEveryKeyAndThePrompt, "\(seen)")
    }

    @Test("While locked out the window counts down to RetryAfter and takes no passcode")
    func lockedOutCountdown() throws {
        let harness = try LockWindowHarness(policy: "MaxFailedAttempts=1\nLockoutSchedule=120")
        let window = try harness.startLockWindowInCover(passcode: "1234", kind: "four-digit")
        #expect(harness.type("9999"))
        #expect(harness.accessibility.find("Another wrong passcode starts a lock-out") != nil)
        #expect(harness.type("9999"))
        let first = harness.accessibility.find("Try again in")
        #expect(first?.contains("Too many failed attempts. Try again in") == true, "\(first ?? "nothing")")
        try harness.screenshot("locked-out")
        // The countdown is live: the line changes while nothing else happens.
        var later: String?
        #expect(waitUntil(timeout: .seconds(5), pollEvery: .milliseconds(300)) {
            later = harness.accessibility.find("Try again in", timeout: 2)
            return later != nil && later != first
        }, "the countdown stood still at \(first ?? "nothing")")
        #expect(harness.type("1234"))
        #expect(try harness.state() == "locked")
        #expect(window.isRunning)
    }

    @Test("With the keyring locked the window says so and the app stays locked")
    func keyringUnavailable() throws {
        let harness = try LockWindowHarness()
        let window = try harness.startLockWindowInCover(passcode: "1234", kind: "four-digit")
        try harness.environment.lockKeyring()
        #expect(harness.type("1234"))
        #expect(harness.accessibility.find("keyring is locked or unavailable") != nil)
        try harness.screenshot("keyring-unavailable")
        #expect(try harness.state() == "locked")
        #expect(window.isRunning)
    }

    /// Waits until the window has heard from the agent what system authentication would ask (its log says so).
    private func systemAuthenticationKnown(_ window: LockWindowProcess) -> Bool {
        waitUntil(timeout: .seconds(15)) { window.log.contains("system authentication: ") }
    }

    private func hasButton(_ harness: LockWindowHarness, _ label: String) -> Bool {
        harness.accessibleTree().contains { $0.hasPrefix("push button\t\(label)") }
    }

    @Test("Without polkit (no system bus) the window does not offer system authentication at all")
    func systemAuthenticationNotOfferedWithoutPolkit() throws {
        let harness = try LockWindowHarness()
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app])
        #expect(systemAuthenticationKnown(window))
        #expect(window.log.contains("system authentication: unavailable"), "\(window.log)")
        #expect(harness.accessibility.find("Enter the passcode to unlock Notes") != nil)
        #expect(!hasButton(harness, "Use System Password") && !hasButton(harness, "Use Fingerprint or Password"))
        try harness.screenshot("system-authentication-not-offered")
        #expect(window.isRunning)
    }

    @Test("The policy forbids system authentication: no button, though polkit answers")
    func systemAuthenticationNotOfferedWhenThePolicyForbidsIt() throws {
        let harness = try LockWindowHarness(policy: "AllowSystemAuthentication=false", polkit: true)
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app])
        #expect(systemAuthenticationKnown(window))
        #expect(window.log.contains("system authentication: password"), "\(window.log)")
        #expect(harness.accessibility.find("Enter the passcode to unlock Notes") != nil)
        #expect(!hasButton(harness, "Use System Password") && !hasButton(harness, "Use Fingerprint or Password"))
        #expect(window.isRunning)
    }

    @Test("polkit answers and no finger is enrolled: \"Use System Password\", and polkit's yes unlocks")
    func systemPasswordButton() throws {
        let harness = try LockWindowHarness(polkit: true)
        try harness.environment.setPolkitAllowed(["io.github.applock.unlock"])
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app])
        #expect(waitUntil(timeout: .seconds(15)) { hasButton(harness, "Use System Password") })
        #expect(!hasButton(harness, "Use Fingerprint or Password"))
        try harness.screenshot("system-password")
        #expect(harness.accessibility.activate("Use System Password", role: "push button"))
        #expect(waitUntil(timeout: .seconds(15)) { !window.isRunning })
        #expect(try harness.state() == "unlocked")
    }

    @Test("fprintd has a finger enrolled for the user: \"Use Fingerprint or Password\"")
    func fingerprintOrPasswordButton() throws {
        let harness = try LockWindowHarness(polkit: true)
        try harness.environment.startFprintdStandIn(enrolled: ["right-index-finger"])
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app])
        #expect(waitUntil(timeout: .seconds(15)) { hasButton(harness, "Use Fingerprint or Password") })
        #expect(!hasButton(harness, "Use System Password"))
        try harness.screenshot("fingerprint-or-password")
        #expect(window.isRunning)
    }

    @Test("No authentication agent in the session (sway, labwc): one sentence says so and how to add one")
    func noAuthenticationAgentIsSaid() throws {
        let harness = try LockWindowHarness(polkit: true)
        try harness.environment.setPolkitNoAgent(true)
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let window = try harness.startLockWindow(["lock", "--app-id", LockWindowHarness.app])
        #expect(waitUntil(timeout: .seconds(15)) { hasButton(harness, "Use System Password") })
        #expect(harness.accessibility.activate("Use System Password", role: "push button"))
        #expect(harness.accessibility.find("no polkit authentication agent runs in this session") != nil)
        #expect(harness.accessibility.find("start one, such as lxpolkit") != nil)
        #expect(waitUntil(timeout: .seconds(5)) { !hasButton(harness, "Use System Password") })
        try harness.screenshot("no-authentication-agent")
        #expect(try harness.state() == "locked")
        #expect(window.isRunning)
    }

    @Test("A keyboard another program holds is taken as soon as it is let go")
    func grabRetried() throws {
        let harness = try LockWindowHarness()
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let grabberLog = harness.environment.logDirectory.appendingPathComponent("grabber.log")
        let grabber = try harness.display.launch(["/usr/bin/python3", "-c", Scripts.keyboardGrabber], log: grabberLog)
        #expect(waitUntil(timeout: .seconds(10)) {
            ((try? String(contentsOf: grabberLog, encoding: .utf8)) ?? "").contains("grabbed")
        })
        let parent = try harness.makeParentWindow()
        let window = try LockWindowProcess(
            ["lock", "--app-id", LockWindowHarness.app, "--parent", String(parent)],
            desktop: harness)
        #expect(waitUntil(timeout: .seconds(20)) { window.log.contains("shown") })
        #expect(!window.log.contains("keyboard grabbed"))
        grabber.terminate()
        #expect(waitUntil(timeout: .seconds(10)) { window.log.contains("keyboard grabbed") })
        #expect(harness.type("1234"))
        #expect(waitUntil(timeout: .seconds(15)) { (try? harness.state()) == "unlocked" })
        #expect(window.exitStatus(within: .seconds(10)) == 0)
    }

    @Test("A lock window started ahead (--standby cover) draws nothing and takes no key until told to show; shown, it fills the cover, holds the keyboard and unlocks")
    func startedAheadShowsOnlyWhenTold() throws {
        let harness = try LockWindowHarness()
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let parent = try harness.makeParentWindow()
        let (window, guardSide) = try Self.startAhead(harness)
        defer { try? guardSide.close() }
        let hidden = try LockWindowOnScreen(reading: try harness.screenshot("standby-hidden"), environment: harness.environment)
        #expect(hidden.area == nil && hidden.keys.isEmpty, "nothing of the lock window is on screen: \(hidden)")
        #expect(harness.type("1234"), "the right passcode, typed while the window waits")

        try guardSide.write(contentsOf: Data("show \(parent)\n".utf8))
        #expect(waitUntil(timeout: .seconds(20)) { window.log.contains("keyboard grabbed") }, "\(window.log)")
        #expect(!window.log.contains("not a show command"))
        _ = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100)) {
            (try? LockWindowOnScreen(reading: harness.screenshot("standby-shown"), environment: harness.environment))?
                .showsEveryKeyAndThePrompt == true
        }
        let shown = try LockWindowOnScreen(reading: try harness.screenshot("standby-shown"), environment: harness.environment)
        #expect(shown.showsEveryKeyAndThePrompt, "\(shown)")
        #expect(shown.area.map { $0.x >= 240 && $0.y >= 100 && $0.width <= 800 && $0.height <= 600 } == true,
                "inside the cover at 800x600+240+100: \(shown)")
        // Keys typed while it waited would have unlocked the app before this wrong passcode counts.
        #expect(harness.type("0000"))
        #expect(waitUntil(timeout: .seconds(15)) { (try? harness.client.failedAttempts(LockWindowHarness.app)) == 1 })
        #expect(try harness.state() == "locked", "the keys typed while it waited reached nothing")
        // Once the window has the answer (it says so), it takes the next passcode.
        #expect(harness.accessibility.find("attempts left")?.contains("Wrong passcode.") == true)
        #expect(harness.type("1234"))
        #expect(waitUntil(timeout: .seconds(15)) { (try? harness.state()) == "unlocked" })
        #expect(window.exitStatus(within: .seconds(10)) == 0)
    }

    @Test("A lock window started ahead ends without showing when its guard goes (its standard input ends), and refuses any line but show")
    func startedAheadEndsWithItsGuard() throws {
        let harness = try LockWindowHarness()
        try harness.lockWithPasscode("1234", kind: "four-digit")
        let (window, ended) = try Self.startAhead(harness, name: "ended")
        try ended.close()
        #expect(window.exitStatus(within: .seconds(10)) == 0, "\(window.log)")
        #expect(!window.log.contains("shown"))

        let (refusing, wrong) = try Self.startAhead(harness, name: "wrong")
        defer { try? wrong.close() }
        try wrong.write(contentsOf: Data("show\n".utf8))
        #expect(refusing.exitStatus(within: .seconds(10)) == 1, "a cover's lock window needs a window id: \(refusing.log)")
        #expect(!refusing.log.contains("shown"))
        #expect(try harness.state() == "locked")
    }

    /// Starts `applock-lock-window lock --standby cover` for the app with its standard input on a FIFO, and waits
    /// until it stands by; returns it with the guard's end of the FIFO (opened for reading and writing, so that
    /// opening it does not wait for the reader).
    static func startAhead(_ harness: LockWindowHarness, name: String = "standby") throws -> (LockWindowProcess, FileHandle) {
        let fifo = harness.environment.root.appendingPathComponent("\(name).fifo")
        guard mkfifo(fifo.path, 0o600) == 0 else { throw TestSupportError("mkfifo \(fifo.path) failed") }
        let fd = open(fifo.path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw TestSupportError("cannot open \(fifo.path)") }
        let guardSide = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let window = try LockWindowProcess(
            ["lock", "--app-id", LockWindowHarness.app, "--standby", "cover"], desktop: harness, input: fifo)
        guard waitUntil(timeout: .seconds(20), { window.log.contains("standing by") || !window.isRunning }),
              window.isRunning else { throw TestSupportError("the lock window did not stand by: \(window.log)") }
        return (window, guardSide)
    }

    @Test("An app that is not locked ends the window at once")
    func notLocked() throws {
        let harness = try LockWindowHarness()
        _ = try harness.client.call("SetPasscode", [.string(LockWindowHarness.app), .string("1234"), .string("four-digit")])
        _ = try harness.client.call("Unlock", [.string(LockWindowHarness.app), .string("1234")])
        #expect(try harness.state() == "unlocked")
        let window = try LockWindowProcess(
            ["lock", "--app-id", LockWindowHarness.app], desktop: harness)
        #expect(window.exitStatus(within: .seconds(20)) == 0)
    }

    @Test("The window ends when the cover it lives in is destroyed")
    func parentDestroyed() throws {
        let harness = try LockWindowHarness()
        let window = try harness.startLockWindowInCover(passcode: "1234", kind: "four-digit")
        harness.destroyParentWindow()
        #expect(window.exitStatus(within: .seconds(10)) == 3, "\(window.log)")
        #expect(try harness.state() == "locked")
    }

    @Test("Set-passcode, the app given a passcode of its own instead of the AppLock passcode: a mismatch starts again; set and confirm store one item in the keyring; Return closes the last page")
    func setPasscode() throws {
        let harness = try LockWindowHarness()
        let window = try harness.startLockWindow(["set-passcode", "--app-id", LockWindowHarness.app])
        #expect(harness.accessibility.find("Choose a new passcode") != nil)
        #expect(harness.accessibility.find("The AppLock passcode: one passcode for all the apps you protect.") != nil)
        try harness.screenshot("set-passcode")
        #expect(harness.accessibility.activate("Give This App Its Own Passcode Instead", role: "push button"))
        #expect(waitUntil(timeout: .seconds(10)) {
            !harness.accessibleTree().contains { $0.contains("The AppLock passcode: one passcode") }
        }, "the AppLock passcode's words stay: \(harness.accessibleTree())")
        #expect(harness.accessibility.find("Use the AppLock Passcode Instead") != nil)
        try harness.screenshot("set-passcode-own")
        #expect(harness.type("1234"))
        #expect(harness.accessibility.find("Enter the new passcode again") != nil)
        #expect(harness.type("5678"))
        #expect(harness.accessibility.find("did not match") != nil)
        try harness.screenshot("set-passcode-mismatch")
        #expect(try harness.client.hasPasscode(LockWindowHarness.app) == false)
        #expect(harness.type("2468"))
        #expect(harness.accessibility.find("Enter the new passcode again") != nil)
        #expect(harness.type("2468"))
        #expect(harness.accessibility.find("The passcode is set.") != nil)
        try harness.screenshot("set-passcode-done")
        #expect(try harness.client.hasPasscode(LockWindowHarness.app))
        let items = harness.environment.run(["secret-tool", "search", "--all", "app-id", LockWindowHarness.app])
        #expect(items.stdout.components(separatedBy: "label = ").count - 1 == 1, "\(items.stdout)\(items.stderr)")
        #expect(harness.client.unlock(LockWindowHarness.app, "2468") == "")
        #expect(try harness.client.appProperty(LockWindowHarness.app, "PasscodeSource").stringValue == "own")
        #expect(try harness.client.sharedPasscodeKind() == "")
        #expect(harness.type("", then: ["Return"]))
        #expect(window.exitStatus(within: .seconds(10)) == 0, "Return did not close the last page: \(window.log)")
    }

    @Test("Set-passcode for an app that is neither running nor known to the agent sets the AppLock passcode and has it use it; Escape closes the window at any page")
    func setPasscodeForAnAppNotRunning() throws {
        let harness = try LockWindowHarness()
        let app = "org.example.NotRunningYet"
        let window = try harness.startLockWindow(["set-passcode", "--app-id", app])
        #expect(harness.accessibility.find("Choose a new passcode") != nil, "\(window.log)")
        #expect(!harness.accessibleTree().contains { $0.contains("does not know this app") })
        #expect(harness.type("1357"))
        #expect(harness.accessibility.find("Enter the new passcode again") != nil)
        #expect(harness.type("1357"))
        #expect(harness.accessibility.find("The passcode is set.") != nil, "\(window.log)")
        #expect(try harness.client.hasPasscode(app))
        #expect(try harness.client.appProperty(app, "PasscodeSource").stringValue == "shared")
        #expect(harness.client.unlock(app, "1357") == "")
        #expect(harness.type("", then: ["Escape"]))
        #expect(window.exitStatus(within: .seconds(10)) == 0, "Escape did not close the window: \(window.log)")

        // The AppLock passcode set, another app's window offers it or a passcode of its own.
        let second = try harness.startLockWindow(["set-passcode", "--app-id", "org.example.AlsoNotRunning"])
        #expect(harness.accessibility.find("This app can use the AppLock passcode, or have one of its own.") != nil, "\(second.log)")
        #expect(harness.type("", then: ["Escape"]))
        #expect(second.exitStatus(within: .seconds(10)) == 0, "Escape did not close the first page: \(second.log)")
        #expect((try? harness.client.hasPasscode("org.example.AlsoNotRunning")) != true)
    }

    @Test("The window's WM_CLASS (GTK's program name, also its Wayland app id) names the lock window's desktop entry, which calls it AppLock with its icon and keeps it out of menus")
    func windowClassNamesItsDesktopEntry() throws {
        let harness = try LockWindowHarness()
        let window = try harness.startLockWindow(["set-passcode", "--app-id", LockWindowHarness.app])
        let found = harness.display.run(["xdotool", "search", "--onlyvisible", "--name", "AppLock"]).stdout
        let id = try #require(found.split(separator: "\n").first, "no window named AppLock: \(window.log)")
        let wmClass = harness.display.run(["xprop", "-id", String(id), "WM_CLASS"]).stdout
        let instance = try #require(wmClass.split(separator: "\"").dropFirst().first.map(String.init), "\(wmClass)")
        let entry = PackageFolders.package.appendingPathComponent("data/applications/\(instance).desktop")
        let text = try String(contentsOf: entry, encoding: .utf8)
        for line in ["Name=AppLock", "NoDisplay=true", "Icon=io.github.applock.Settings", "StartupWMClass=\(instance)"] {
            #expect(text.contains(line + "\n"), "\(line) missing from \(entry.path)")
        }
        let validate = harness.environment.run(["desktop-file-validate", entry.path])
        #expect(validate.status == 0 && validate.stdout.isEmpty, "\(validate.stdout)\(validate.stderr)")
    }

    @Test("Set-passcode offers only the kinds the app's policy allows")
    func setPasscodeKindsFromPolicy() throws {
        let harness = try LockWindowHarness(policy: "PasscodeKinds=alphanumeric")
        let window = try harness.startLockWindow(["set-passcode", "--app-id", LockWindowHarness.app])
        #expect(harness.accessibility.find("Choose a new passcode") != nil, "\(window.log)")
        let tree = harness.accessibleTree()
        #expect(tree.contains { $0.contains("\tPasscode\t") }, "no password entry in \(tree)")
        #expect(!tree.contains { $0.contains("4 Digits") || $0.contains("Digit 1") }, "digit input offered: \(tree)")
        #expect(tree.contains { $0.contains("button\tContinue\t") }, "the entry's button does not say Continue: \(tree)")
        #expect(!tree.contains { $0.contains("button\tUnlock\t") }, "setting a passcode offers to unlock: \(tree)")
        try harness.screenshot("set-passcode-alphanumeric")
        #expect(harness.type("correct horse", then: ["Return"]))
        #expect(harness.accessibility.find("Enter the new passcode again") != nil)
        #expect(harness.type("correct horse", then: ["Return"]))
        #expect(harness.accessibility.find("The passcode is set.") != nil)
        #expect(try harness.client.appProperty(LockWindowHarness.app, "PasscodeKind").stringValue == "alphanumeric")
        #expect(harness.client.unlock(LockWindowHarness.app, "correct horse") == "")
    }

    @Test("Set-passcode for an app that has one: remove it with the current passcode; Escape closes the last page")
    func removePasscode() throws {
        let harness = try LockWindowHarness()
        _ = try harness.client.call("SetPasscode", [.string(LockWindowHarness.app), .string("123456"), .string("six-digit")])
        let window = try harness.startLockWindow(["set-passcode", "--app-id", LockWindowHarness.app])
        #expect(harness.accessibility.find("This app has a passcode.") != nil, "\(window.log)")
        try harness.screenshot("set-passcode-change-or-remove")
        #expect(harness.accessibility.activate("Remove Passcode", role: "push button"))
        #expect(harness.accessibility.find("Enter your current passcode") != nil)
        #expect(harness.type("123456"))
        #expect(harness.accessibility.find("The passcode is removed.") != nil)
        #expect(try harness.client.hasPasscode(LockWindowHarness.app) == false)
        let items = harness.environment.run(["secret-tool", "search", "--all", "app-id", LockWindowHarness.app])
        #expect(!items.stdout.contains("label = "), "\(items.stdout)")
        #expect(harness.type("", then: ["Escape"]))
        #expect(window.exitStatus(within: .seconds(10)) == 0, "Escape did not close the last page: \(window.log)")
    }

    @Test("Set-passcode sets the AppLock passcode by default and has the app use it (no item of the app's own); switch-passcode gives it its own passcode with the AppLock passcode, then back with its own; set-passcode --shared shows the AppLock passcode set")
    func setUpWindowSetsTheAppLockPasscodeByDefault() throws {
        let harness = try LockWindowHarness()
        let app = LockWindowHarness.app
        let window = try harness.startLockWindow(["set-passcode", "--app-id", app])
        #expect(harness.accessibility.find("The AppLock passcode: one passcode for all the apps you protect.") != nil, "\(window.log)")
        #expect(harness.accessibility.find("Give This App Its Own Passcode Instead") != nil)
        #expect(harness.type("2468"))
        #expect(harness.accessibility.find("Enter the new passcode again") != nil)
        #expect(harness.type("2468"))
        #expect(harness.accessibility.find("The passcode is set.") != nil, "\(window.log)")
        #expect(try harness.client.sharedPasscodeKind() == "four-digit")
        #expect(try harness.client.appProperty(app, "PasscodeSource").stringValue == "shared")
        let own = harness.environment.run(["secret-tool", "search", "--all", "app-id", app])
        #expect(!own.stdout.contains("label = "), "an item of the app's own: \(own.stdout)")
        let shared = harness.environment.run(["secret-tool", "search", "--all", "shared", "yes"])
        #expect(shared.stdout.components(separatedBy: "label = ").count - 1 == 1, "\(shared.stdout)\(shared.stderr)")
        #expect(harness.client.unlock(app, "2468") == "")
        #expect(harness.type("", then: ["Escape"]))
        #expect(window.exitStatus(within: .seconds(10)) == 0)

        let toOwn = try harness.startLockWindow(["switch-passcode", "--app-id", app])
        #expect(harness.accessibility.find("Enter the AppLock passcode") != nil, "\(toOwn.log)")
        #expect(harness.type("2468"))
        #expect(harness.accessibility.find("Choose a new passcode") != nil)
        #expect(harness.type("1357"))
        #expect(harness.accessibility.find("Enter the new passcode again") != nil)
        #expect(harness.type("1357"))
        #expect(harness.accessibility.find("This app has a passcode of its own now.") != nil, "\(toOwn.log)")
        #expect(try harness.client.appProperty(app, "PasscodeSource").stringValue == "own")
        #expect(try harness.client.sharedPasscodeKind() == "four-digit", "the AppLock passcode stays")
        #expect(harness.type("", then: ["Escape"]))
        #expect(toOwn.exitStatus(within: .seconds(10)) == 0)

        let toShared = try harness.startLockWindow(["switch-passcode", "--app-id", app])
        #expect(harness.accessibility.find("Enter this app's current passcode") != nil, "\(toShared.log)")
        #expect(harness.type("1357"))
        #expect(harness.accessibility.find("This app uses the AppLock passcode now.") != nil, "\(toShared.log)")
        #expect(try harness.client.appProperty(app, "PasscodeSource").stringValue == "shared")
        #expect(harness.client.unlock(app, "2468") == "")
        #expect(harness.type("", then: ["Escape"]))
        #expect(toShared.exitStatus(within: .seconds(10)) == 0)

        let itself = try harness.startLockWindow(["set-passcode", "--shared"])
        #expect(harness.accessibility.find("The AppLock passcode is set. The apps you choose use it.") != nil, "\(itself.log)")
        #expect(harness.accessibility.find("Change Passcode") != nil)
        try harness.screenshot("set-passcode-shared")
    }
}
