import AppLockProtocol
import DBusKit
public import Foundation

/// A GNOME desktop for guard tests: the `gnome-shell` on PATH (43 on Debian 12, 48 in the Debian 13 chroot;
/// `--headless`, one 1280×800 virtual monitor, no Xwayland) on the test's private buses (it needs logind on the
/// system bus), with the AppLock extension of its generation installed and enabled before it starts (an extension
/// installed later is not found). Settings go through GLib's keyfile backend, so that `gsettings` and the Shell see
/// the same ones.
public final class GnomeShellSession: @unchecked Sendable {
    /// The line of each extension's `extension.js.in` that the shared behaviour replaces (the Makefile's
    /// `GNOME_EXTENSION_JS` does the same).
    static let behaviourMarker = "// @APPLOCK_BEHAVIOUR@"

    /// The AppLock extensions as `make install` lays them out (one folder per uuid: `metadata.json`,
    /// `extension.js`, the folder's `extension.js.in` with `data/gnome-shell/applock.js` in place of its marker
    /// line, and `schemas/` with the settings compiled), made from the source tree under `folder`, which is returned.
    /// The extensions' settings schema, compiled into each one's `schemas/` folder as `make install` does.
    static let settingsSchemaFile = "org.gnome.shell.extensions.applock.gschema.xml"

    public static func assembleExtensions(into folder: URL) throws -> URL {
        let source = PackageFolders.package.appendingPathComponent("data/gnome-shell")
        let behaviour = try String(contentsOf: source.appendingPathComponent("applock.js"), encoding: .utf8)
        for uuid in GnomeShellExtensions.appLockUUIDs {
            let from = source.appendingPathComponent("extensions/\(uuid)")
            let to = folder.appendingPathComponent(uuid)
            try FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: to.appendingPathComponent("metadata.json"))
            try FileManager.default.copyItem(at: from.appendingPathComponent("metadata.json"),
                                             to: to.appendingPathComponent("metadata.json"))
            let template = try String(contentsOf: from.appendingPathComponent("extension.js.in"), encoding: .utf8)
            guard template.contains(behaviourMarker + "\n") else {
                throw TestSupportError("\(uuid)/extension.js.in has no \(behaviourMarker) line")
            }
            try template.replacingOccurrences(of: behaviourMarker + "\n", with: behaviour)
                .write(to: to.appendingPathComponent("extension.js"), atomically: true, encoding: .utf8)
            let schemas = to.appendingPathComponent("schemas")
            try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
            let schema = schemas.appendingPathComponent(settingsSchemaFile)
            try? FileManager.default.removeItem(at: schema)
            try FileManager.default.copyItem(at: source.appendingPathComponent("schemas/\(settingsSchemaFile)"), to: schema)
            let compiled = CommandRunner.run(["/usr/bin/glib-compile-schemas", schemas.path], environment: [:], input: nil,
                                             scratch: folder, timeout: .seconds(30))
            guard compiled.succeeded else { throw TestSupportError("glib-compile-schemas: \(compiled.stderr)") }
        }
        return folder
    }

    public let environment: TestEnvironment
    /// The environment's variables plus `WAYLAND_DISPLAY` and `XDG_CURRENT_DESKTOP=GNOME`.
    public let variables: [String: String]
    /// The desktop's keyboard, through Mutter's RemoteDesktop API (a headless Shell has no input device). It is
    /// opened as soon as the Shell is up: Mutter adds its virtual keyboard asynchronously and drops key events sent
    /// while it does, so a keyboard opened just before typing loses keys.
    public let keyboard: MutterRemoteKeyboard
    /// The Shell's major version.
    public let shellVersion: Int
    /// The uuid of the AppLock extension this Shell loads (``GnomeShellExtensions/appLockUUID(forShellVersion:)``).
    public let extensionUUID: String
    private let shell: SessionProcess
    private var notificationService: SessionProcess?
    /// `DISPLAY` and `XAUTHORITY` of the Shell's Xwayland when the session was started with `xwayland`, for X11 apps
    /// (empty otherwise).
    public private(set) var x11Variables: [String: String] = [:]

    /// `extensionDirectories` are the AppLock extension folders to install, each named by its uuid, copied into
    /// `$XDG_DATA_HOME/gnome-shell/extensions` and enabled ([]: none). By default both AppLock extensions are, as
    /// `make install` lays them out (assembled from the source tree), and enabled, as a user of either generation may
    /// have them: the session then checks that the Shell runs the one of its generation and finds the other out of
    /// date. `otherExtensions` are more extension folders, each named by its UUID, installed and enabled with them (a
    /// measurement's own observer, say). The Shell's notification banners are switched off (they would lie over the
    /// windows in screenshots) unless `notifications`, which also starts the Shell's notification service
    /// (``startNotificationService()``). With `xwayland` the Shell runs Xwayland too (``x11Variables``).
    /// `variables` are added to the Shell's (`LANGUAGE`, say), and `catalogues` (a folder of
    /// `<ll>/LC_MESSAGES/applock.mo`) becomes each AppLock extension's own `locale` folder, where it reads its words.
    /// `startedUp`, when given, tells whether the Shell has finished starting up (its startup animation over, as an
    /// extension among `otherExtensions` can see): the Overview it opens at start is closed only then, since closing
    /// it during that animation left GNOME 50's startup unfinished, its pane over the screen taking every click.
    public init(
        environment: TestEnvironment, extensionDirectories: [URL]? = nil, otherExtensions: [URL] = [],
        notifications: Bool = false, xwayland: Bool = false, variables: [String: String] = [:], catalogues: URL? = nil,
        startedUp: (() -> Bool)? = nil
    ) throws {
        self.environment = environment
        shellVersion = try Self.installedMajorVersion()
        extensionUUID = GnomeShellExtensions.appLockUUID(forShellVersion: shellVersion)
        let appLock = try extensionDirectories ?? {
            let assembled = try Self.assembleExtensions(into: environment.root.appendingPathComponent("applock-gnome-extensions"))
            return GnomeShellExtensions.appLockUUIDs.map { assembled.appendingPathComponent($0) }
        }()
        let extensions = environment.dataHome.appendingPathComponent("gnome-shell/extensions")
        try FileManager.default.createDirectory(at: extensions, withIntermediateDirectories: true)
        var uuids: [String] = []
        for uuid in GnomeShellExtensions.appLockUUIDs {
            try? FileManager.default.removeItem(at: extensions.appendingPathComponent(uuid))
        }
        for (source, uuid) in (appLock + otherExtensions).map({ ($0, $0.lastPathComponent) }) {
            let installed = extensions.appendingPathComponent(uuid)
            try? FileManager.default.removeItem(at: installed)
            try FileManager.default.copyItem(at: source, to: installed)
            if let catalogues, appLock.contains(source) {
                try FileManager.default.copyItem(at: catalogues, to: installed.appendingPathComponent("locale"))
            }
            uuids.append("'\(uuid)'")
        }
        var shellVariables = environment.environment.merging(variables) { $1 }
        shellVariables["GSETTINGS_BACKEND"] = "keyfile"
        shellVariables["XDG_SESSION_TYPE"] = "wayland"
        shellVariables["XDG_CURRENT_DESKTOP"] = "GNOME"
        let enabled = environment.run(
            ["gsettings", "set", "org.gnome.shell", "enabled-extensions", "@as [\(uuids.joined(separator: ", "))]"],
            extraEnvironment: shellVariables)
        // No notification banners unless asked for: the Shell's own ("Logged in as a privileged user", "Screen Lock
        // disabled") would lie over the windows in the screenshots.
        let banners = environment.run(
            ["gsettings", "set", "org.gnome.desktop.notifications", "show-banners", "\(notifications)"],
            extraEnvironment: shellVariables)
        guard enabled.succeeded, banners.succeeded else {
            throw TestSupportError("gsettings failed: \(enabled.stderr)\(banners.stderr)")
        }
        try? FileManager.default.removeItem(at: environment.runtimeDir.appendingPathComponent("gnome-shell-disable-extensions"))
        let socket = "applock-gnome-\(getpid())"
        shell = try SessionProcess(
            ["gnome-shell", "--headless", "--wayland"] + (xwayland ? [] : ["--no-x11"]) + ["--wayland-display", socket,
             "--virtual-monitor", "1280x800"],
            variables: shellVariables, in: environment, logName: "gnome-shell")
        guard environment.waitForName("org.gnome.Shell", timeout: .seconds(30)) else {
            shell.stop()
            throw TestSupportError("gnome-shell did not start: \(shell.logText())")
        }
        var variables = shellVariables
        variables["WAYLAND_DISPLAY"] = socket
        variables["GDK_BACKEND"] = "wayland"
        self.variables = variables
        if xwayland {
            // Mutter names it in its log: "Using public X11 display :1024, (using :1025 for managed services)".
            let marker = "Using public X11 display "
            _ = waitUntil(timeout: .seconds(15)) { [shell] in shell.logText().contains(marker) }
            let display = shell.logText().components(separatedBy: marker).dropFirst().first
                .map { String($0.prefix { $0 != "," && !$0.isWhitespace }) }
            // Its cookie, in a file Mutter makes in the runtime folder.
            let runtime = environment.runtimeDir
            let cookie = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path))?
                .first { $0.hasPrefix(".mutter-Xwaylandauth.") }
            guard let display, let cookie else {
                shell.stop()
                throw TestSupportError("the Shell named no X11 display or cookie: \(shell.logText().suffix(2000))")
            }
            x11Variables = ["DISPLAY": display, "XAUTHORITY": runtime.appendingPathComponent(cookie).path]
        }
        // The Shell opens the Overview once it has started; close it, as a user would, so windows show on the desktop.
        func shellCall(_ arguments: [String]) -> CommandResult {
            environment.run(["gdbus", "call", "--session", "-d", "org.gnome.Shell", "-o", "/org/gnome/Shell", "-m"]
                            + arguments)
        }
        let opened = waitUntil(timeout: .seconds(15)) {
            shellCall(["org.freedesktop.DBus.Properties.Get", "org.gnome.Shell", "OverviewActive"]).stdout.contains("true")
        }
        if let startedUp, !waitUntil(timeout: .seconds(30), startedUp) {
            shell.stop()
            throw TestSupportError("the Shell did not finish starting up: \(shell.logText().suffix(2000))")
        }
        let closed = opened && waitUntil(timeout: .seconds(10)) {
            _ = shellCall(["org.freedesktop.DBus.Properties.Set", "org.gnome.Shell", "OverviewActive", "<false>"])
            return shellCall(["org.freedesktop.DBus.Properties.Get", "org.gnome.Shell", "OverviewActive"]).stdout
                .contains("false")
        }
        guard closed else {
            shell.stop()
            throw TestSupportError("the Shell's Overview did not open and close: \(shell.logText())")
        }
        // The Shell enables its extensions at start: one it did not load (OUT_OF_DATE, ERROR) hides nothing. The
        // other generation's must be OUT_OF_DATE (state 4), never loaded.
        for uuid in extensionDirectories == nil ? GnomeShellExtensions.appLockUUIDs : [] {
            let info = shellCall(["org.gnome.Shell.Extensions.GetExtensionInfo", uuid]).stdout
            let state = uuid == extensionUUID ? "1.0" : "4.0"
            guard info.contains("'state': <\(state)>") else {
                shell.stop()
                throw TestSupportError("GNOME Shell \(shellVersion): \(uuid) is not in state \(state): \(info)\n\(shell.logText())")
            }
        }
        do {
            keyboard = try MutterRemoteKeyboard(sessionBusAddress: environment.sessionBus.address)
        } catch {
            shell.stop()
            throw TestSupportError("no RemoteDesktop keyboard: \(error)\n\(shell.logText())")
        }
        if notifications {
            do {
                notificationService = try startNotificationService()
            } catch {
                stop()
                throw error
            }
        }
    }

    /// The Shell's `org.freedesktop.Notifications` is a small service of its own (`org.gnome.Shell.Notifications`,
    /// which passes each call on to the Shell), started by D-Bus activation on a desktop; the test's bus activates
    /// nothing, so it is started here as its service file says, and waited for.
    private func startNotificationService() throws -> SessionProcess {
        let service = "org.gnome.Shell.Notifications"
        let file = "/usr/share/dbus-1/services/\(service).service"
        let text = try String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8)
        guard let exec = text.split(separator: "\n").first(where: { $0.hasPrefix("Exec=") })?.dropFirst("Exec=".count) else {
            throw TestSupportError("\(file) has no Exec line: \(text)")
        }
        let process = try launch(exec.split(separator: " ").map(String.init), logName: "gnome-shell-notifications")
        guard environment.waitForName("org.freedesktop.Notifications", timeout: .seconds(20)) else {
            process.stop()
            throw TestSupportError("\(service) did not start: \(process.logText())")
        }
        return process
    }

    deinit { stop() }

    /// The major version of the `gnome-shell` on PATH (43 on Debian 12, 48 on Debian 13).
    public static func installedMajorVersion() throws -> Int {
        let result = CommandRunner.run(
            ["gnome-shell", "--version"], environment: ProcessInfo.processInfo.environment, input: nil,
            scratch: FileManager.default.temporaryDirectory, timeout: .seconds(30))
        let version = result.stdout.split(whereSeparator: \.isWhitespace).last ?? ""
        guard let major = version.split(separator: ".").first.flatMap({ Int($0) }) else {
            throw TestSupportError("gnome-shell --version said: \(result.stdout)\(result.stderr)")
        }
        return major
    }

    public func stop() {
        notificationService?.stop()
        keyboard.close()
        shell.stop()
    }

    public func logText() -> String { shell.logText() }

    public func launch(_ argv: [String], logName: String, extraVariables: [String: String] = [:]) throws -> SessionProcess {
        try SessionProcess(argv, variables: variables.merging(extraVariables) { $1 }, in: environment, logName: logName)
    }

    /// Starts a PipeWire daemon beside the Shell (Mutter streams a screen cast to it: ``MutterScreenCast``) and waits
    /// for its socket.
    public func startPipeWire() throws -> SessionProcess {
        try environment.startPipeWire()
    }

    /// Opens (or closes) the Activities overview, as the Super key would, and waits until the Shell says it is.
    public func setOverview(open: Bool) -> Bool {
        let value = open ? "true" : "false"
        return waitUntil(timeout: .seconds(10)) {
            _ = environment.run(["gdbus", "call", "--session", "-d", "org.gnome.Shell", "-o", "/org/gnome/Shell", "-m",
                                 "org.freedesktop.DBus.Properties.Set", "org.gnome.Shell", "OverviewActive", "<\(value)>"])
            return environment.run(["gdbus", "call", "--session", "-d", "org.gnome.Shell", "-o", "/org/gnome/Shell", "-m",
                                    "org.freedesktop.DBus.Properties.Get", "org.gnome.Shell", "OverviewActive"])
                .stdout.contains(value)
        }
    }

    /// A PNG of the screen from `org.gnome.Shell.Screenshot`, which answers only trusted callers: up to GNOME 49 one
    /// owning `org.gnome.Screenshot` (GNOME's own screenshot tool), from 50 one owning
    /// `org.freedesktop.impl.portal.desktop.gnome` (GNOME's portal backend). The caller owns both.
    public func screenshot(to url: URL) throws {
        let connection = try Connection.address(environment.sessionBus.address)
        defer { connection.close() }
        try connection.requestName("org.gnome.Screenshot")
        try connection.requestName("org.freedesktop.impl.portal.desktop.gnome")
        try? FileManager.default.removeItem(at: url)
        let reply = try connection.call(
            destination: "org.gnome.Shell.Screenshot", path: ObjectPath("/org/gnome/Shell/Screenshot"),
            interface: "org.gnome.Shell.Screenshot", member: "Screenshot",
            arguments: [.boolean(false), .boolean(false), .string(url.path)], timeout: .seconds(10))
        guard reply.first?.boolValue == true else { throw TestSupportError("the Shell refused the screenshot: \(reply)") }
    }

    /// How many pixels of the screen have one of `colours` (`#RRGGBB`, upper case); kept at `keep` when given.
    public func countPixels(_ colours: [String], keep: URL? = nil) throws -> Int {
        let shot = keep ?? environment.root.appendingPathComponent("gnome-shot.png")
        try screenshot(to: shot)
        return try ImageProbe.pixelCount(in: shot, crop: nil, colours: colours, environment: environment)
    }
}
