import AppLockTestSupport
import Foundation
import Testing

/// A guard test with one of Debian's own apps, unmodified, guarded by the id of the desktop file Debian installs
/// (``GuardHarness``'s desktop, agent and guard; its xterm app stays unguarded and unused). What the app shows is
/// made pure magenta (a one-colour document or page, or the text view's background through the user's own
/// `gtk.css`), so that the screen's pixels decide whether it is covered.
final class RealAppHarness {
    let h: GuardHarness
    /// The app id: the name of the desktop file Debian installs.
    let app: String
    /// A class or instance name of the app's windows (`xdotool search --class`, a regular expression).
    let windowClass: String
    /// A folder with the app's documents.
    let documents: URL
    /// The home of ``HeadlessCompositor/user`` when the app runs as that user (Chromium refuses root without
    /// `--no-sandbox`, which no desktop entry passes), nil when it runs as the test does.
    let userHome: URL?

    /// How an app is started.
    enum Launch: String, CustomStringConvertible, CaseIterable {
        /// `gtk-launch ID.desktop` (a menu or a dock: a launch context, `GIO_LAUNCHED_DESKTOP_FILE`, or D-Bus activation
        /// when the desktop file says `DBusActivatable=true`).
        case desktopEntry
        /// `gio launch FILE.desktop`: D-Bus activation for a `DBusActivatable` app, with no launch context (openbox's
        /// menu, rofi or dmenu).
        case dbusActivation
        /// The command typed into a terminal.
        case terminal

        var description: String { rawValue }
    }

    /// What the app's processes get besides the session's and ``variables``.
    let appVariables: [String: String]

    /// `services` names the D-Bus activation files of `/usr/share/dbus-1/services` the app needs; `install` installs
    /// the app (before it is guarded, as a user installs it first) and returns the variables it needs.
    init(_ name: String, app: String, windowClass: String, services: [String] = [], asUser: Bool = false,
         install: (TestEnvironment) throws -> [String: String] = { _ in [:] }) throws {
        let serviceFolder = URL(fileURLWithPath: "/tmp").appendingPathComponent("applock-services-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: serviceFolder, withIntermediateDirectories: true)
        for service in services {
            try FileManager.default.copyItem(atPath: "/usr/share/dbus-1/services/\(service).service",
                                             toPath: serviceFolder.appendingPathComponent("\(service).service").path)
        }
        h = try GuardHarness(name, passcode: false, guarded: false, serviceDirectories: [serviceFolder.path])
        self.app = app
        self.windowClass = windowClass
        appVariables = try install(h.environment)
        documents = h.environment.root.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        if asUser {
            try HeadlessCompositor.ensureUser(h.environment)
            let home = h.environment.root.appendingPathComponent("user-home")
            // A profile that has run before, as a user's has: Chromium's first-run mark.
            let chromium = home.appendingPathComponent(".config/chromium")
            try FileManager.default.createDirectory(at: chromium, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: chromium.appendingPathComponent("First Run").path, contents: nil)
            let owned = h.environment.run(["chown", "-R", HeadlessCompositor.user, home.path])
            guard owned.succeeded else { throw TestSupportError("chown: \(owned.stderr)") }
            userHome = home
        } else {
            userHome = nil
        }
        // An app started by D-Bus activation gets the bus's environment: the display, and GTK without the
        // accessibility bus (the test's session has none).
        let updated = h.environment.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            method: "org.freedesktop.DBus.UpdateActivationEnvironment",
            ["{'DISPLAY': '\(h.session.display)', 'GTK_A11Y': 'none'}"])
        guard updated.succeeded else { throw TestSupportError("UpdateActivationEnvironment: \(updated.stderr)") }
        _ = try h.client.call("SetPasscode", [.string(app), .string(GuardHarness.passcode), .string("four-digit")])
        let added = try h.applockctl(["guard", "add", app, "--no-passcode-window"])
        guard added.succeeded else { throw TestSupportError("applockctl guard add \(app): \(added.stderr)") }
        try h.startGuard()
    }

    // MARK: Starting the app

    /// Starts `arguments` the way `launch` says, offline (in a network namespace of its own with only loopback: a
    /// launcher's child stays in it; an app D-Bus activates is the bus's child, in the test's namespace), and returns
    /// the new window of the app it maps.
    @discardableResult
    func start(_ launch: Launch, command: [String], arguments: [String] = [], named title: String? = nil, label: String)
        throws -> UInt32
    {
        let argv: [String] = switch launch {
        // The desktop file's name, not its id: gtk-launch adds `.desktop` to a name that lacks it, and
        // `org.telegram.desktop` already ends so.
        case .desktopEntry: ["gtk-launch", "\(app).desktop"] + arguments
        case .dbusActivation: ["gio", "launch", "/usr/share/applications/\(app).desktop"] + arguments
        case .terminal: command + arguments
        }
        let offline = ["unshare", "--net", "--", "sh", "-c", "ip link set lo up && exec \"$@\"", "sh"]
        let user: [String] = userHome.map { home in
            ["runuser", "-u", HeadlessCompositor.user, "--", "env", "-u", "XDG_RUNTIME_DIR", "-u", "DBUS_SESSION_BUS_ADDRESS",
             "HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)/.config", "XDG_CACHE_HOME=\(home.path)/.cache",
             "XDG_DATA_HOME=\(home.path)/.local/share"]
        } ?? []
        let window = try newWindow(named: title, label: label) {
            h.apps.append(try h.session.launch(offline + user + argv, logName: label, extraVariables: variables))
        }
        if launch != .dbusActivation {
            #expect(networkNamespace(ofWindow: window) != networkNamespace(of: "self"), "\(app) runs offline")
        }
        return window
    }

    /// The network namespace of a process (`/proc/PID/ns/net`'s link), by pid or "self".
    func networkNamespace(of pid: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/net")
    }

    /// The network namespace of the process that owns `window`.
    func networkNamespace(ofWindow window: UInt32) -> String? {
        processID(ofWindow: window).flatMap { networkNamespace(of: String($0)) }
    }

    /// The process that owns `window`, as the X server knows it (X-Resource: `_NET_WM_PID` counts in a sandbox's
    /// own PID namespace).
    func processID(ofWindow window: UInt32) -> Int32? {
        let script = "import sys; from Xlib import display; from Xlib.ext import res; d = display.Display(); "
            + "r = d.res_query_client_ids([{'client': int(sys.argv[1]), 'mask': res.LocalClientPIDMask}]); "
            + "print(next((i.value[0] for i in r.ids if i.spec.mask == res.LocalClientPIDMask), ''))"
        return Int32(h.session.run(["/usr/bin/python3", "-c", script, String(window)]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// What the app's processes get besides the session's: GTK without the accessibility bus (the test's session has
    /// none), Firefox's profile from `profiles.ini` (``firefoxProfile()``).
    var variables: [String: String] { appVariables.merging(["GTK_A11Y": "none", "MOZ_LEGACY_PROFILES": "1"]) { $1 } }

    /// Runs `start`, then waits for a window of the app that was not there before (whose title starts with `title`,
    /// when given).
    func newWindow(named title: String? = nil, label: String, timeout: Duration = .seconds(60), _ start: () throws -> Void)
        throws -> UInt32
    {
        func windows() -> Set<UInt32> {
            Set(h.session.windows(ofClass: windowClass).filter { window in
                title.map { h.session.run(["xdotool", "getwindowname", String(window)]).stdout.hasPrefix($0) } ?? true
            })
        }
        let before = windows()
        try start()
        var window: UInt32?
        _ = waitUntil(timeout: timeout, pollEvery: .milliseconds(50)) {
            window = windows().subtracting(before).sorted().first
            return window != nil
        }
        guard let window else {
            let titles = h.session.windows(ofClass: windowClass).map {
                h.session.run(["xdotool", "getwindowname", String($0)]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            throw TestSupportError("\(app) mapped no new window (\(label)); its windows: \(titles)\n\(h.guardLog())")
        }
        return window
    }

    // MARK: What the user sees and does

    func state() -> String? { try? h.client.state(app) }

    func waitForState(_ state: String, timeout: Duration = .seconds(20)) -> Bool {
        waitUntil(timeout: timeout) { self.state() == state }
    }

    /// Waits until the window shows none of the app's magenta and a cover of the guard lies over all of it
    /// (`covered`: an app that has not drawn yet shows no magenta either), or until it shows plenty of magenta.
    func waitUntilCovered(_ window: UInt32, _ covered: Bool = true, label: String) -> Bool {
        if covered, !waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(50), { coverLiesOver(window) }) {
            _ = try? h.visibleAppPixels(window, label: label + "-no-cover")
            return false
        }
        return h.waitUntilCovered(window, covered, label: label, timeout: .seconds(covered ? 10 : 30))
    }

    /// Whether one of the guard's covers on screen spans the whole window.
    func coverLiesOver(_ window: UInt32) -> Bool {
        guard let area = h.session.rect(of: window) else { return false }
        return h.visibleCovers().contains { cover in
            guard let c = h.session.rect(of: cover) else { return false }
            return c.x <= area.x && c.y <= area.y && c.x + c.width >= area.x + area.width
                && c.y + c.height >= area.y + area.height
        }
    }

    /// Clicks the passcode's keys with the pointer once the lock window holds the keyboard (its `grabs`-th grab) and
    /// shows every key and its prompt, as a mouse user unlocks: each key must be whole on screen, no cover of the
    /// app's dialogs over it. A four-digit passcode needs no enter key.
    func clickPasscodeIntoTheLockWindow(grabs: Int, label: String) -> Bool {
        guard waitUntil(timeout: .seconds(30), { h.keyboardGrabsByLockWindows() >= grabs }) else {
            Issue.record("the lock window never took the keyboard")
            return false
        }
        let (shown, seen) = h.waitUntilLockWindowShowsEverything(label: label)
        let keys = seen?.digitKeys ?? [:]
        guard shown, keys.count == 10 else {
            Issue.record("the lock window does not show all ten keys and its prompt: \(seen.map(\.description) ?? "none")")
            return false
        }
        for digit in GuardHarness.passcode {
            let key = keys[digit]!
            h.session.xdotool(["mousemove", "\(key.x + key.width / 2)", "\(key.y + key.height / 2)", "click", "1"])
        }
        return waitForState("unlocked")
    }

    func applockctl(_ arguments: [String], input: String? = nil) throws -> CommandResult {
        try h.applockctl(arguments, input: input)
    }

    /// Unlocks with the passcode through applockctl (standard input, never argv).
    func unlock() throws {
        try h.environment.unlockWithApplockctl(app, passcode: GuardHarness.passcode, seenBy: h.client)
    }

    // MARK: One-colour documents (``MagentaDocuments``)

    func magentaPDF(_ name: String) throws -> URL { try MagentaDocuments.pdf(name, in: documents) }

    func magentaWriterDocument(_ name: String) throws -> URL { try MagentaDocuments.writerDocument(name, in: documents) }

    func magentaPage(_ name: String) throws -> URL { try MagentaDocuments.page(name, in: documents) }

    func firefoxProfile() throws { try MagentaDocuments.firefoxProfile(home: h.environment.home) }

    func magentaTextViews() throws { try MagentaDocuments.gtkTextViews(configHome: h.environment.configHome) }
}
