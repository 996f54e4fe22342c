import AppLockProtocol
import AppLockTestSupport
import DBusKit
import Foundation
import Testing
import WaylandKit

/// A headless wlroots desktop with a guarded app: private buses, an unlocked keyring, mocked logind, the real agent,
/// the compositor and `applock-guard`; the guarded app is an unmodified foot terminal (app id `org.example.Notes`,
/// yellow on magenta, its shell running `cat` into a recorder file with the terminal in non-canonical mode, so every
/// key that reaches it is recorded at once). ``SwayGuardHarness`` and ``LabwcGuardHarness`` are its desktops.
class WaylandGuardHarness {
    static let app = "org.example.Notes"
    /// foot's own colours: a screenshot of a hidden app must contain neither.
    static let appColours = ["#FF00FF", "#FFFF00"]
    static let passcode = GuardedAgent.passcode
    /// The lock window's background: libadwaita's light window colour, #FAFAFA in 1.2 (Debian 12) and #FAFAFB in
    /// 1.7 (Debian 13).
    static let lockWindowColours = ["#FAFAFA", "#FAFAFB"]

    /// The guarded app: ``app`` (foot) unless a test guards one of Debian's apps by its own desktop file.
    let app: String
    let environment: TestEnvironment
    let agent: AgentProcess
    let client: AgentClient
    let recorder: URL
    let desktop: any HeadlessWaylandSession
    var guardProcess: SessionProcess?
    var apps: [SessionProcess] = []
    /// The colours of the app's pixels: ``appColours`` unless a test's app shows others (a welcome screen's).
    var appColours = WaylandGuardHarness.appColours
    private var shots = 0
    private let name: String

    /// `app` names one of Debian's apps, guarded by its installed desktop file, instead of foot.
    init(_ name: String, policy: String, app: String? = nil,
         desktop start: (TestEnvironment) throws -> any HeadlessWaylandSession) throws {
        self.name = name
        self.app = app ?? Self.app
        let stale = (try? FileManager.default.contentsOfDirectory(atPath: Self.artifacts.path)) ?? []
        for file in stale where file.hasPrefix(name + "-") {
            try? FileManager.default.removeItem(at: Self.artifacts.appendingPathComponent(file))
        }
        let setup = try GuardedAgent(
            app: self.app,
            desktopEntry: app == nil ? "[Desktop Entry]\nType=Application\nName=Notes\nExec=foot -a \(Self.app)\n" : nil,
            policy: policy)
        environment = setup.environment
        agent = setup.agent
        client = setup.client
        recorder = environment.root.appendingPathComponent("recorder.txt")
        desktop = try start(environment)
    }

    deinit {
        guardProcess?.stop()
        for app in apps { app.stop() }
        desktop.stop()
        environment.cleanup()
    }

    /// Starts `applock-guard` (on sway through sway's IPC, or with `backend` set, `APPLOCK_GUARD_BACKEND`) with
    /// `variables` added to its environment, and waits until it owns its bus name.
    func startGuard(backend: String? = nil, variables: [String: String] = [:]) throws {
        let process = try desktop.launch(
            [try PackageFolders.program("applock-guard"), "--verbose"], logName: "guard",
            extraVariables: variables.merging(backend.map { ["APPLOCK_GUARD_BACKEND": $0] } ?? [:]) { $1 })
        guardProcess = process
        guard environment.waitForName(GuardBusNames.busName) else {
            throw TestSupportError("the guard did not start: \(process.logText())")
        }
    }

    /// Kills the guard with SIGKILL, as a crash would, and waits until it is gone from the bus (a guard started before
    /// the bus has dropped the old one's name cannot take it).
    func killGuard() -> Bool {
        guard let guardProcess else { return false }
        guardProcess.kill(SIGKILL)
        return guardProcess.waitForExit()
            && waitUntil(timeout: .seconds(10)) { self.environment.ownerPID(of: GuardBusNames.busName) == nil }
    }

    /// Starts the guarded foot and waits until the compositor lists its window.
    func startApp() throws {
        let count = desktop.windowCount(appID: Self.app)
        let process = try desktop.launch([
            "foot", "-a", Self.app, "-o", "\(FootColours.section).background=ff00ff",
            "-o", "\(FootColours.section).foreground=ffff00",
            "sh", "-c", "stty -icanon -echo; exec cat > '\(recorder.path)'",
        ], logName: "foot")
        apps.append(process)
        guard waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(20), {
            self.desktop.windowCount(appID: Self.app) > count
        }) else {
            throw TestSupportError("foot did not show a window: \(process.logText())")
        }
    }

    // MARK: What a user sees

    /// The package's `artifacts/guard-wayland` folder, where screenshots are kept.
    static let artifacts = PackageFolders.artifacts("guard-wayland")

    /// How many of the app's pixels the whole screen shows; the screenshot is kept as
    /// `artifacts/guard-wayland/<test>-<n>-<label>.png` when `label` is given.
    func visibleAppPixels(label: String? = nil) throws -> Int {
        let shot = environment.root.appendingPathComponent("shot.png")
        try desktop.screenshot(to: shot)
        let pixels = try desktop.pixelCount(in: shot, colours: appColours)
        if let label {
            shots += 1
            let kept = Self.artifacts.appendingPathComponent("\(name)-\(shots)-\(label).png")
            try? FileManager.default.removeItem(at: kept)
            try FileManager.default.copyItem(at: shot, to: kept)
        }
        return pixels
    }

    /// How many pixels of the whole screen have one of `colours` (`#RRGGBB`).
    func screenPixels(_ colours: [String]) throws -> Int {
        let shot = environment.root.appendingPathComponent("probe.png")
        try desktop.screenshot(to: shot)
        return try desktop.pixelCount(in: shot, colours: colours)
    }

    /// Waits until the screen shows none of the app's pixels (hidden) or, with `hidden: false`, plenty of them;
    /// the last screenshot is kept.
    func waitUntilHidden(_ hidden: Bool = true, label: String, timeout: Duration = .seconds(10)) -> Bool {
        let held = waitUntil(timeout: timeout, pollEvery: .milliseconds(50)) {
            guard let pixels = try? self.visibleAppPixels() else { return false }
            return hidden ? pixels == 0 : pixels > 10_000
        }
        _ = try? visibleAppPixels(label: label)
        return held
    }

    func state() -> String? { try? client.state(app) }

    func waitForState(_ state: String, timeout: Duration = .seconds(10)) -> Bool {
        waitUntil(timeout: timeout) { self.state() == state }
    }

    /// Unlocks with the right passcode through applockctl (standard input, never argv).
    func unlockWithApplockctl() throws {
        try environment.unlockWithApplockctl(app, passcode: Self.passcode, seenBy: client)
    }

    /// What the recorder received (the keys that reached the app).
    func recorded() -> String { (try? String(contentsOf: recorder, encoding: .utf8)) ?? "" }

    func guardLog() -> String { guardProcess?.logText() ?? "" }
}

/// ``WaylandGuardHarness`` on headless sway.
final class SwayGuardHarness: WaylandGuardHarness {
    init(_ name: String, policy: String = "", app: String? = nil) throws {
        try super.init(name, policy: policy, app: app) { try SwaySession(environment: $0) }
    }

    var session: SwaySession { desktop as! SwaySession }

    /// The app's window (its container id) once sway shows it.
    func appWindow() -> Int? { session.windows().first { $0.appID == app }?.id }

    /// The session bus of the session's user, once an app runs as that user.
    var userBus: String?

    /// The Wayland app ids (or Xwayland classes) of the app's windows when they are not its id (evince's `evince`).
    var appIDs: Set<String> = []

    /// Clicks the passcode's keys on the lock window, as a mouse user unlocks, once a screenshot shows all ten keys
    /// and the prompt whole (kept as `label`): with a virtual pointer (``WlrVirtualPointer``), since the headless
    /// sway has no pointer of its own. A four-digit passcode needs no enter key.
    func clickPasscodeIntoTheLockWindow(label: String) throws -> Bool {
        let shot = environment.root.appendingPathComponent("lock-window.png")
        var seen: LockWindowOnScreen?
        let shown = waitUntil(timeout: .seconds(20), pollEvery: .milliseconds(200)) {
            guard (try? self.session.screenshot(to: shot)) != nil else { return false }
            seen = try? LockWindowOnScreen(reading: shot, environment: self.environment)
            // GTK on Wayland draws the prompt with grey-scale anti-aliasing: fewer pixels of exactly its colour
            // than on Xvfb (67 of them for Writer's prompt on sway 1.7).
            return seen?.showsEveryKeyAndThePrompt(minimumPromptPixels: 40) == true
        }
        _ = try? visibleAppPixels(label: label)
        let keys = seen?.digitKeys ?? [:]
        guard shown, keys.count == 10, let output = session.outputs().first else {
            Issue.record("the lock window does not show all ten keys and its prompt: \(seen.map(\.description) ?? "none")")
            return false
        }
        let pointer = try WlrVirtualPointer(display: session.variables["WAYLAND_DISPLAY"] ?? "")
        func centre(of digit: Character) -> (x: UInt32, y: UInt32) {
            let key = keys[digit]!
            return (UInt32(key.x + key.width / 2), UInt32(key.y + key.height / 2))
        }
        // The lock window takes the new pointer asynchronously: it draws the key under it hovered once it has.
        let first = centre(of: Self.passcode.first!)
        try pointer.move(x: first.x, y: first.y, width: UInt32(output.width), height: UInt32(output.height))
        guard waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(100), {
            guard (try? self.session.screenshot(to: shot)) != nil,
                  let hovered = try? LockWindowOnScreen(reading: shot, environment: self.environment) else { return false }
            return hovered.keys.count == 9
        }) else {
            Issue.record("the lock window never drew the key under the pointer hovered")
            return false
        }
        for digit in Self.passcode {
            let point = centre(of: digit)
            try pointer.click(x: point.x, y: point.y, width: UInt32(output.width), height: UInt32(output.height))
        }
        return waitForState("unlocked")
    }

    /// The lock window, once sway shows it: a window of neither foot nor anyone else the test started (a launcher
    /// such as gtk-launch starts the app in a process of its own, named by ``appIDs``).
    func lockWindow() -> SwayWindow? {
        let ours = Set(apps.map(\.pid))
        return session.windows().first {
            !ours.contains($0.pid) && $0.appID != app && $0.appID.map(appIDs.contains) != true
                && $0.windowClass.map(appIDs.contains) != true
        }
    }
}

/// ``WaylandGuardHarness`` on headless labwc (Debian 13).
final class LabwcGuardHarness: WaylandGuardHarness {
    init(_ name: String, policy: String = "", config: String = LabwcSession.defaultConfig) throws {
        try super.init(name, policy: policy) { try LabwcSession(environment: $0, config: config) }
    }

    var session: LabwcSession { desktop as! LabwcSession }
}
