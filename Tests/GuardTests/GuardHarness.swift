import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// A desktop with a guarded app: private buses, an unlocked keyring, mocked logind, the real agent, Xvfb with
/// openbox, and `applock-guard`; the guarded app is an unmodified xterm (class `NotesTerm`, magenta on yellow,
/// running `cat` into a recorder file), resolved through its desktop file's `StartupWMClass`.
final class GuardHarness {
    static let app = "org.example.Notes"
    static let appClass = "NotesTerm"
    /// The xterm's own colours: a screenshot of a covered window must contain neither.
    static let appColours = ["#FF00FF", "#FFFF00"]
    static let passcode = GuardedAgent.passcode
    /// The colours the guarded app draws with (``appColours`` by default): a covered window shows none of them.
    var appColours = GuardHarness.appColours

    let environment: TestEnvironment
    let agent: AgentProcess
    let client: AgentClient
    let session: XSession
    let recorder: URL
    var guardProcess: SessionProcess?
    var apps: [SessionProcess] = []
    private var shots = 0
    private let name: String

    /// `policy` is the `[Policy]` body for the app (Guard=true is added); `passcode` sets one first.
    /// `windowManager` is its command line (openbox by default); `serviceDirectories` are the session bus's D-Bus
    /// activation folders.
    init(_ name: String, policy: String = "", passcode: Bool = true, guarded: Bool = true,
         windowManager: [String] = ["openbox"], serviceDirectories: [String] = []) throws {
        self.name = name
        let stale = (try? FileManager.default.contentsOfDirectory(atPath: Self.artifacts.path)) ?? []
        for file in stale where file.hasPrefix(name + "-") {
            try? FileManager.default.removeItem(at: Self.artifacts.appendingPathComponent(file))
        }
        let setup = try GuardedAgent(app: Self.app, desktopEntry: nil, policy: policy, guarded: guarded,
                                     withPasscode: passcode, serviceDirectories: serviceDirectories)
        (environment, agent, client) = (setup.environment, setup.agent, setup.client)
        let applications = environment.dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        let icon = environment.dataHome.appendingPathComponent("notes.png")
        _ = environment.run(["convert", "-size", "64x64", "xc:#3c9a5f", "-fill", "white", "-draw",
                             "rectangle 16,16 48,48", icon.path])
        try """
            [Desktop Entry]
            Type=Application
            Name=Notes
            Icon=\(icon.path)
            Exec=xterm -class \(Self.appClass)
            StartupWMClass=\(Self.appClass)

            """.write(to: applications.appendingPathComponent("\(Self.app).desktop"), atomically: true, encoding: .utf8)
        recorder = environment.root.appendingPathComponent("recorder.txt")
        session = try XSession(environment: environment, windowManager: windowManager)
    }

    deinit {
        guardProcess?.stop()
        for app in apps { app.stop() }
        environment.cleanup()
    }

    // MARK: Programs

    /// Starts `applock-guard` and waits until it owns its bus name.
    func startGuard() throws {
        let path = try PackageFolders.program("applock-guard")
        let process = try session.launch([path, "--verbose"], logName: "guard")
        guardProcess = process
        guard environment.waitForName(GuardBusNames.busName) else {
            throw TestSupportError("the guard did not start: \(process.logText())")
        }
    }

    /// Starts the guarded xterm (its shell runs `command`, by default `cat` into the recorder) and returns its window.
    @discardableResult
    func startApp(command: String? = nil, geometry: String = "60x20+80+80", options: [String] = []) throws -> UInt32 {
        let before = Set(session.windows(ofClass: Self.appClass))
        let process = try session.launch([
            "xterm", "-class", Self.appClass, "-bg", "magenta", "-fg", "yellow", "-geometry", geometry,
        ] + options + ["-e", "sh", "-c", command ?? "exec cat > '\(recorder.path)'"], logName: "xterm")
        apps.append(process)
        var window: UInt32?
        _ = waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(20)) {
            window = Set(session.windows(ofClass: Self.appClass)).subtracting(before).first
            return window != nil
        }
        guard let window else { throw TestSupportError("the xterm did not map a window") }
        return window
    }

    /// Starts the guard and the app, unlocks the app with its passcode and gives its window the focus; returns the
    /// window, uncovered.
    func startUnlockedApp(options: [String] = []) throws -> UInt32 {
        try startGuard()
        let window = try startApp(options: options)
        #expect(waitForState("locked"))
        try unlock()
        session.xdotool(["windowactivate", "--sync", String(window)])
        #expect(waitUntilCovered(window, false, label: "unlocked"), "\(guardLog())")
        return window
    }

    /// Starts an xterm of another, unguarded app (class `OtherTerm`) and returns its window.
    func startOtherApp() throws -> UInt32 {
        let before = Set(session.windows(ofClass: "OtherTerm"))
        apps.append(try session.launch(["xterm", "-class", "OtherTerm", "-geometry", "40x10+600+400"], logName: "other"))
        var window: UInt32?
        _ = waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(20)) {
            window = Set(session.windows(ofClass: "OtherTerm")).subtracting(before).first
            return window != nil
        }
        guard let window else { throw TestSupportError("the other xterm did not map a window") }
        return window
    }

    /// The window the window manager says is active (`_NET_ACTIVE_WINDOW`, through xdotool).
    func activeWindow() -> UInt32? {
        UInt32(session.xdotool(["getactivewindow"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    // MARK: What a user sees

    /// The package's `artifacts/guard` folder, where screenshots are kept.
    static let artifacts = PackageFolders.artifacts("guard")

    /// How many of the app's own pixels a screenshot shows inside the window's area (nil: the window is not
    /// mapped); the screenshot is kept as `artifacts/guard/<test>-<n>-<label>.png`.
    func visibleAppPixels(_ window: UInt32, label: String) throws -> Int? {
        guard let rect = session.rect(of: window) else { return nil }
        let shot = environment.root.appendingPathComponent("shot.png")
        try session.screenshot(to: shot)
        let pixels = try session.pixelCount(in: shot, rect: rect, colours: appColours)
        keep(shot, label: label)
        return pixels
    }

    /// Keeps a screenshot as `artifacts/guard/<test>-<n>-<label>.png`.
    func keep(_ shot: URL, label: String) {
        shots += 1
        let kept = Self.artifacts.appendingPathComponent("\(name)-\(shots)-\(label).png")
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.copyItem(at: shot, to: kept)
    }

    /// Waits until the window's area shows none of the app's pixels (covered) or, with `covered: false`, plenty of
    /// them; the last screenshot is kept.
    func waitUntilCovered(_ window: UInt32, _ covered: Bool = true, label: String, timeout: Duration = .seconds(10))
        -> Bool
    {
        var last: Int?
        let held = waitUntil(timeout: timeout, pollEvery: .milliseconds(50)) {
            last = try? pixelsWithoutKeeping(window)
            guard let last else { return false }
            return covered ? last == 0 : last > 1000
        }
        _ = try? visibleAppPixels(window, label: label)
        return held
    }

    private func pixelsWithoutKeeping(_ window: UInt32) throws -> Int? {
        guard let rect = session.rect(of: window) else { return nil }
        let shot = environment.root.appendingPathComponent("probe.png")
        try session.screenshot(to: shot)
        return try session.pixelCount(in: shot, rect: rect, colours: appColours)
    }

    /// What a screenshot shows of the lock window (``LockWindowOnScreen``), taken with the pointer in a corner; kept
    /// as `artifacts/guard/<test>-<n>-<label>.png` when labelled.
    func lockWindowOnScreen(label: String?) throws -> LockWindowOnScreen {
        session.xdotool(["mousemove", "0", "0"])
        let shot = environment.root.appendingPathComponent("lock-window.png")
        try session.screenshot(to: shot)
        if let label { keep(shot, label: label) }
        return try LockWindowOnScreen(reading: shot, environment: environment)
    }

    /// Waits until a screenshot shows every key and the prompt of the lock window, each key inside `host` when given
    /// (the screen area of the window whose cover holds it); keeps the last screenshot as `label`.
    func waitUntilLockWindowShowsEverything(inside host: XSession.Rect? = nil, label: String) -> (Bool, LockWindowOnScreen?) {
        func good(_ seen: LockWindowOnScreen?) -> Bool {
            guard let seen, seen.showsEveryKeyAndThePrompt else { return false }
            return host.map { host in seen.keys.allSatisfy { host.holds($0) } } ?? true
        }
        let shown = waitUntil(timeout: .seconds(20), pollEvery: .milliseconds(200)) {
            good(try? lockWindowOnScreen(label: nil))
        }
        let last = try? lockWindowOnScreen(label: label)
        return (shown && good(last), last)
    }

    func state() -> String? { try? client.state(Self.app) }

    func waitForState(_ state: String, timeout: Duration = .seconds(10)) -> Bool {
        waitUntil(timeout: timeout) { self.state() == state }
    }

    /// Unlocks with the right passcode through applockctl (standard input, never argv).
    func unlock() throws {
        try environment.unlockWithApplockctl(Self.app, passcode: Self.passcode, seenBy: client)
    }

    /// Runs the built applockctl in this environment.
    func applockctl(_ arguments: [String], input: String? = nil) throws -> CommandResult {
        environment.run([try PackageFolders.program("applockctl")] + arguments, input: input)
    }

    /// What the recorder received (the keys that reached the app).
    func recorded() -> String { (try? String(contentsOf: recorder, encoding: .utf8)) ?? "" }

    func guardLog() -> String { guardProcess?.logText() ?? "" }

    /// The guard's covers on screen (`WM_NAME` "applock-guard cover", mapped).
    func visibleCovers() -> [UInt32] {
        session.run(["xdotool", "search", "--onlyvisible", "--name", "^applock-guard cover$"]).stdout
            .split(separator: "\n").compactMap { UInt32($0) }
    }

    /// How many times lock windows have taken the keyboard (each says so in the guard's log).
    func keyboardGrabsByLockWindows() -> Int {
        guardLog().components(separatedBy: "applock-lock-window: keyboard grabbed").count - 1
    }
}

