import AppLockTestSupport
import Foundation
import Testing

/// Debian's own apps under the guard on headless sway, guarded by their installed desktop files' ids and started
/// offline as native Wayland clients: firefox-esr and gnome-text-editor, on every generation (the host's sway 1.7,
/// and in `DEBIAN13_SUITES`/`FORKY_SUITES` sway 1.10 and 1.12). What each shows is pure magenta.
@Suite("Debian's apps under the guard on sway", .serialized)
struct SwayRealAppTests {
    @Test("firefox-esr on sway, guarded as firefox-esr (its Wayland app id, a desktop-file id without a dot, Debian's own desktop file), typed into a terminal: hidden at launch, the passcode clicked on the lock window's keys brings it back, locked again it hides, a second window (--new-window, handed to the first instance) is hidden while locked, and logind Lock hides both")
    func firefoxESR() throws {
        let h = try SwayGuardHarness("sway-firefox-esr", app: "firefox-esr")
        try MagentaDocuments.firefoxProfile(home: h.environment.home)
        let page = try MagentaDocuments.page("page", in: h.environment.root).absoluteString
        try h.startGuard()
        let variables = ["MOZ_LEGACY_PROFILES": "1", "MOZ_ENABLE_WAYLAND": "1"]
        try h.walkThrough(appID: "firefox-esr") {
            try h.startOffline(["firefox-esr", page], appID: "firefox-esr", variables: variables, label: "first")
        } openSecond: {
            try h.startOffline(["firefox-esr", "--new-window", page], appID: "firefox-esr", variables: variables,
                               label: "second")
        }
    }

    @Test("gnome-text-editor on sway, guarded as org.gnome.TextEditor (its Wayland app id; DBusActivatable, no StartupWMClass), typed into a terminal, its text view magenta through the user's gtk.css: hidden at launch, unlocked by the passcode clicked on the lock window's keys, locked again, a second window (--new-window, handed to the first instance) hidden while locked, and logind Lock hides both")
    func textEditor() throws {
        let h = try SwayGuardHarness("sway-text-editor", app: "org.gnome.TextEditor")
        try MagentaDocuments.gtkTextViews(configHome: h.environment.configHome)
        try h.startGuard()
        let variables = ["GTK_A11Y": "none", "GDK_BACKEND": "wayland"]
        try h.walkThrough(appID: "org.gnome.TextEditor") {
            try h.startOffline(["gnome-text-editor"], appID: "org.gnome.TextEditor", variables: variables, label: "first")
        } openSecond: {
            try h.startOffline(["gnome-text-editor", "--new-window"], appID: "org.gnome.TextEditor",
                               variables: variables, label: "second")
        }
    }
}

extension SwayGuardHarness {
    /// How one of Debian's apps runs on sway: as a native Wayland client or, for a toolkit Debian ships without its
    /// Wayland plugin (Qt 5 without qtwayland5, LibreOffice without libreoffice-gtk3), on sway's Xwayland; as the
    /// test does (root) or as the session's user (``HeadlessCompositor/user``, whom sway runs as: Chromium refuses
    /// root without `--no-sandbox`, which no desktop entry passes).
    struct AppRun {
        var variables: [String: String] = [:]
        var xwayland = false
        var asUser = false
        /// With ``asUser``, a session bus of the user's own (Thunderbird hands a second instance to the first over
        /// it on Wayland); without, none (its D-Bus activation would start gnome-keyring, whose prompt for a new
        /// keyring takes the keyboard from the lock window when Chromium asks for its password store).
        var userBus = false
    }

    /// Starts `argv` offline (a network namespace of its own with only loopback) as `run` says, and waits until sway
    /// lists one more window named `appID` (its Wayland app id, or an Xwayland window's class).
    func startOffline(_ argv: [String], appID: String, variables: [String: String] = [:], label: String) throws -> Bool {
        try startOffline(argv, appID: appID, run: AppRun(variables: variables), label: label)
    }

    func startOffline(_ argv: [String], appID: String, run: AppRun, label: String) throws -> Bool {
        let before = session.windowCount(named: appID)
        appIDs.insert(appID)
        var variables = run.variables
        if run.xwayland { variables["DISPLAY"] = try session.xwaylandDisplay() }
        let offline = ["unshare", "--net", "--", "sh", "-c", "ip link set lo up && exec \"$@\"", "sh"]
        let user = run.asUser ? try userPrefix(bus: run.userBus) : []
        let process = try session.launch(offline + user + argv, logName: label, extraVariables: variables)
        apps.append(process)
        let shown = waitUntil(timeout: .seconds(60), pollEvery: .milliseconds(50)) {
            self.session.windowCount(named: appID) > before
        }
        if !shown { Issue.record("\(label): no new \(appID) window; its output:\n\(process.logText())") }
        if shown, let window = session.windows().first(where: { $0.appID == appID || $0.windowClass == appID }) {
            #expect(networkNamespace(of: String(window.pid)) != networkNamespace(of: "self"), "\(appID) runs offline")
        }
        return shown
    }

    /// `runuser` to the session's user with a home of its own (a profile that has run before: Chromium's first-run
    /// mark), sway's runtime folder, and a session bus of the user's own when `withBus` (the test's runtime folder
    /// and bus are root's).
    private func userPrefix(bus withBus: Bool) throws -> [String] {
        try HeadlessCompositor.ensureUser(environment)
        let home = userHome
        let chromium = home.appendingPathComponent(".config/chromium")
        try FileManager.default.createDirectory(at: chromium, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: chromium.appendingPathComponent("First Run").path, contents: nil)
        let owned = environment.run(["chown", "-R", HeadlessCompositor.user, home.path])
        guard owned.succeeded else { throw TestSupportError("chown: \(owned.stderr)") }
        let runtime = URL(fileURLWithPath: session.socketPath).deletingLastPathComponent().path
        var bus = ["-u", "DBUS_SESSION_BUS_ADDRESS"]
        if withBus {
            let address = try userBus ?? startUserBus(runtime: runtime)
            userBus = address
            bus = ["DBUS_SESSION_BUS_ADDRESS=\(address)"]
        }
        return ["runuser", "-u", HeadlessCompositor.user, "--", "env"] + bus + [
                "XDG_RUNTIME_DIR=\(runtime)", "HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)/.config", "XDG_CACHE_HOME=\(home.path)/.cache",
                "XDG_DATA_HOME=\(home.path)/.local/share"]
    }

    /// Starts the session's user's own session bus (Firefox and Thunderbird hand a second instance to the first over
    /// it on Wayland) in its runtime folder, and returns its address.
    private func startUserBus(runtime: String) throws -> String {
        let socket = runtime + "/bus"
        apps.append(try session.launch(
            ["runuser", "-u", HeadlessCompositor.user, "--", "dbus-daemon", "--session", "--nofork", "--address=unix:path=\(socket)"],
            logName: "user-bus", extraVariables: ["XDG_RUNTIME_DIR": runtime]))
        guard waitUntil(timeout: .seconds(10), { FileManager.default.fileExists(atPath: socket) }) else {
            throw TestSupportError("the user's session bus did not start")
        }
        return "unix:path=\(socket)"
    }

    /// The home of the session's user when an app runs as that user (``AppRun/asUser``).
    var userHome: URL { environment.root.appendingPathComponent("user-home") }

    /// The network namespace of a process (`/proc/PID/ns/net`'s link), by pid or "self".
    func networkNamespace(of pid: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/net")
    }

    /// Hidden at launch (`start`); the passcode clicked on the lock window's keys with sway's seat cursor
    /// (``clickPasscodeIntoTheLockWindow(label:)``) brings the app back;
    /// `applockctl lock` hides it again; a second window `openSecond` opens while locked (when the app has one) is
    /// hidden; unlocked, logind's `Lock` hides it.
    func walkThrough(appID: String, start: () throws -> Bool, openSecond: (() throws -> Bool)?) throws {
        #expect(try start(), "no \(appID) window: \(session.windows())")
        #expect(waitForState("locked"), "state: \(state() ?? "none")\n\(guardLog())")
        #expect(waitUntilHidden(label: "locked-at-launch"), "\(guardLog())")
        var lock: SwayWindow?
        #expect(waitUntil(timeout: .seconds(30)) {
            lock = self.lockWindow()
            return lock?.focused == true
        }, "the lock window is focused: \(session.windows())\n\(guardLog())")
        #expect(try clickPasscodeIntoTheLockWindow(label: "locked-at-launch-keys"), "\(guardLog())")
        #expect(waitForState("unlocked"), "\(guardLog())")
        #expect(waitUntilHidden(false, label: "unlocked", timeout: .seconds(30)), "\(guardLog())")

        #expect(environment.run([try PackageFolders.program("applockctl"), "lock", app]).succeeded)
        #expect(waitForState("locked"))
        #expect(waitUntilHidden(label: "locked-again"), "\(guardLog())")
        if let openSecond {
            #expect(try openSecond(), "no second window: \(session.windows())")
            #expect(waitUntilHidden(label: "second-window-while-locked"), "\(guardLog())")
        }

        try unlockWithApplockctl()
        #expect(waitUntilHidden(false, label: "unlocked-again", timeout: .seconds(30)), "\(guardLog())")
        try environment.logindSessionLock()
        #expect(waitForState("locked"))
        #expect(waitUntilHidden(label: "logind-lock"), "\(guardLog())")
    }
}
