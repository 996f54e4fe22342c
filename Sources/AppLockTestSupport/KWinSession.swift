import AppLockProtocol
public import DBusKit
public import Foundation
import Glibc

/// A KDE Plasma desktop for guard tests: KWin 5.27 or 6 (1280×800) with a rootless Xwayland, on the test's private
/// session bus. `/usr/bin/kwin_wayland` carries a file capability this sandbox refuses, so a plain copy (whose name
/// must still end in `kwin_wayland`) is run instead.
///
/// Where it draws: KWin 5.27 runs `--virtual` with software GL and shows its screen through ScreenShot2. KWin 6's
/// virtual output draws with GL only on a DRM render node (`/dev/dri/renderD*`); without one it falls back to
/// QPainter, where KWin has no screenshot API at all. There KWin runs with its X11-windowed backend instead, its one
/// output a window filling an Xvfb of the same size with no window manager, so that Xvfb's screen is exactly what
/// KWin drew (``countPixels(_:keep:)`` reads it with `import`).
///
/// Keys are typed as KWin's own input: `kwin-fake-keyboard` (Tests/KWinFakeKeyboard, built here with
/// wayland-scanner and gcc) speaks KWin's `org_kde_kwin_fake_input` protocol, which KWin offers only to programs
/// whose desktop file lists it in `X-KDE-Wayland-Interfaces` — so the session installs such a desktop file for it,
/// as a package of a remote-input tool (KDE Connect's) would. KWin finds that file through KDE's service cache,
/// which KDE Frameworks 6 builds only from an XDG applications menu (a Plasma session sets `XDG_MENU_PREFIX=plasma-`
/// and has `plasma-applications.menu`; a bare KWin install has none): the session writes a plain
/// `applications.menu` into its `XDG_CONFIG_HOME`. The keys reach whatever window KWin gives the keyboard, native
/// Wayland or Xwayland alike.
public final class KWinSession: @unchecked Sendable {
    /// The width and height of KWin's one virtual output.
    public static let screenSize = (width: 1280, height: 800)
    public let environment: TestEnvironment
    /// The environment's variables plus `WAYLAND_DISPLAY`, Xwayland's `DISPLAY` and `XDG_CURRENT_DESKTOP=KDE`.
    public let variables: [String: String]
    /// KWin's version (`5.27.5`, `6.3.6`), from `kwin_wayland --version`.
    public let version: String
    private let compositor: SessionProcess
    private let keyboard: URL
    /// The Xvfb whose screen is KWin's output, when KWin 6 has no GPU to draw with (else nil: ScreenShot2).
    private let outputDisplay: XDisplay?

    public init(environment: TestEnvironment) throws {
        self.environment = environment
        let base = environment.root.appendingPathComponent("kwin")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        keyboard = try Self.buildFakeKeyboard(in: base, environment: environment)
        try Self.installScriptPackage(in: environment)
        try Self.writeApplicationsMenu(in: environment)
        try Self.makeX11SocketDirectory()
        let copy = base.appendingPathComponent("kwin_wayland")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(atPath: "/usr/bin/kwin_wayland", toPath: copy.path)
        version = try Self.version(of: copy, environment: environment)
        let displayFile = base.appendingPathComponent("display")
        // An earlier KWin of the same environment (the bench runs two) left its Xwayland's display here.
        try? FileManager.default.removeItem(at: displayFile)
        let reporter = base.appendingPathComponent("report-display")
        try "#!/bin/sh\necho \"$DISPLAY\" > '\(displayFile.path)'\nexec sleep 1000000\n".write(
            to: reporter, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: reporter.path)
        let socket = "applock-kwin-\(getpid())"
        var kwinVariables = environment.environment
        kwinVariables["QT_QPA_PLATFORM"] = "wayland"
        kwinVariables["KWIN_SCREENSHOT_NO_PERMISSION_CHECKS"] = "1"
        kwinVariables["QT_LOGGING_RULES"] = "kwin_scripting.debug=true"
        let size = Self.screenSize
        if Self.majorVersion(version) >= 6 && !Self.hasRenderNode() {
            let output = try XDisplay(environment: environment, width: size.width, height: size.height, windowManager: false)
            outputDisplay = output
            kwinVariables["DISPLAY"] = output.name
        } else {
            outputDisplay = nil
        }
        let backend = outputDisplay.map { ["--x11-display", $0.name] } ?? ["--virtual"]
        compositor = try SessionProcess(
            [copy.path] + backend + ["--width", "\(size.width)", "--height", "\(size.height)",
             "--socket", socket, "--no-lockscreen", "--xwayland", reporter.path],
            variables: kwinVariables, in: environment, logName: "kwin")
        var display = ""
        let up = waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(50)) { [compositor] in
            display = ((try? String(contentsOf: displayFile, encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return !display.isEmpty || !compositor.isRunning
        }
        guard up, !display.isEmpty, environment.waitForName(KWinScripting.service) else {
            compositor.stop()
            throw TestSupportError("kwin_wayland did not start: \(compositor.logText())")
        }
        var variables = environment.environment
        variables["WAYLAND_DISPLAY"] = socket
        variables["DISPLAY"] = display
        variables["XDG_CURRENT_DESKTOP"] = "KDE"
        variables["XDG_SESSION_TYPE"] = "wayland"
        self.variables = variables
    }

    /// KWin's version, from `kwin_wayland --version` (`kwin 6.3.6`).
    private static func version(of program: URL, environment: TestEnvironment) throws -> String {
        let result = environment.run([program.path, "--version"])
        let version = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").last.map(String.init)
        guard result.succeeded, let version, majorVersion(version) > 0 else {
            throw TestSupportError("kwin_wayland --version answered \(result.stdout) \(result.stderr)")
        }
        return version
    }

    private static func majorVersion(_ version: String) -> Int {
        version.split(separator: ".").first.flatMap { Int($0) } ?? 0
    }

    /// Whether the machine has a DRM render node, which KWin 6's virtual output needs to draw with GL.
    private static func hasRenderNode() -> Bool {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return nodes.contains { $0.hasPrefix("renderD") }
    }

    /// An XDG applications menu that includes every application, in the environment's `XDG_CONFIG_HOME`, so that
    /// KDE's service cache lists the desktop files there.
    private static func writeApplicationsMenu(in environment: TestEnvironment) throws {
        let menus = environment.configHome.appendingPathComponent("menus")
        try FileManager.default.createDirectory(at: menus, withIntermediateDirectories: true)
        try """
            <!DOCTYPE Menu PUBLIC "-//freedesktop//DTD Menu 1.0//EN" "http://www.freedesktop.org/standards/menu-spec/1.0/menu.dtd">
            <Menu><Name>Applications</Name><DefaultAppDirs/><Include><All/></Include></Menu>

            """.write(to: menus.appendingPathComponent("applications.menu"), atomically: true, encoding: .utf8)
    }

    deinit { stop() }

    public func stop() { compositor.stop() }

    /// Sends `signal` to KWin itself (SIGSTOP and SIGCONT make it hang and go on, as a KWin busy in a loop would).
    public func signal(_ signal: Int32) { compositor.kill(signal) }

    public func logText() -> String { compositor.logText() }

    public func launch(_ argv: [String], logName: String, extraVariables: [String: String] = [:]) throws -> SessionProcess {
        try SessionProcess(argv, variables: variables.merging(extraVariables) { $1 }, in: environment, logName: logName)
    }

    @discardableResult
    public func run(_ argv: [String], input: String? = nil, timeout: Duration = .seconds(30)) -> CommandResult {
        CommandRunner.run(argv, environment: variables, input: input, scratch: environment.root, timeout: timeout)
    }

    /// Gives `/tmp/.X11-unix` the state systemd-tmpfiles gives it at boot (root's, sticky, writable by all): KWin
    /// starts Xwayland only where that folder exists and is root's or its own, and a fresh chroot or a cleaned `/tmp`
    /// lacks it (an Xwayland of another user then makes it that user's).
    private static func makeX11SocketDirectory() throws {
        let directory = "/tmp/.X11-unix"
        var info = stat()
        if stat(directory, &info) == 0, info.st_uid == getuid() || info.st_uid == 0, info.st_mode & 0o7777 == 0o1777 {
            return
        }
        guard mkdir(directory, 0o1777) == 0 || errno == EEXIST, geteuid() != 0 || chown(directory, 0, 0) == 0,
              chmod(directory, 0o1777) == 0 else {
            throw TestSupportError("cannot make \(directory) root's and sticky: \(String(cString: strerror(errno)))")
        }
    }

    /// Installs the AppLock KWin script package (`data/kwin/applock`) in the environment's `XDG_DATA_HOME`, as
    /// `make install` does in `<datadir>/kwin/scripts`, where the guard finds it; run from an installed AppLock (the
    /// bench without the source tree), the installed package is the one.
    private static func installScriptPackage(in environment: TestEnvironment) throws {
        let source = PackageFolders.package.appendingPathComponent("data/kwin/\(KWinScripting.appLockPackage)")
        guard FileManager.default.fileExists(atPath: source.path) else { return }
        let scripts = environment.dataHome.appendingPathComponent("kwin/scripts")
        let installed = scripts.appendingPathComponent(KWinScripting.appLockPackage)
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: installed)
        try FileManager.default.copyItem(at: source, to: installed)
    }

    /// Builds `kwin-fake-keyboard` and installs its desktop file (with `X-KDE-Wayland-Interfaces`) in the
    /// environment's `XDG_DATA_HOME`, where KWin looks when the program binds the protocol.
    private static func buildFakeKeyboard(in base: URL, environment: TestEnvironment) throws -> URL {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/KWinFakeKeyboard/kwin-fake-keyboard.c")
        let protocolFile = "/usr/share/plasma-wayland-protocols/fake-input.xml"
        let header = base.appendingPathComponent("fake-input-client-protocol.h")
        let glue = base.appendingPathComponent("fake-input-protocol.c")
        let program = base.appendingPathComponent("kwin-fake-keyboard")
        for step in [
            ["wayland-scanner", "client-header", protocolFile, header.path],
            ["wayland-scanner", "private-code", protocolFile, glue.path],
            ["sh", "-c", "gcc -Wall -Werror -I '\(base.path)' -o '\(program.path)' '\(source.path)' '\(glue.path)' "
                + "$(pkg-config --cflags --libs wayland-client)"],
        ] {
            let result = environment.run(step)
            guard result.succeeded else { throw TestSupportError("\(step.joined(separator: " ")) failed: \(result.stderr)") }
        }
        let applications = environment.dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try """
            [Desktop Entry]
            Type=Application
            Name=AppLock test keyboard
            Exec=\(program.path)
            NoDisplay=true
            X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input

            """.write(to: applications.appendingPathComponent("kwin-fake-keyboard.desktop"), atomically: true, encoding: .utf8)
        return program
    }

    /// Types `text` as KWin's fake keyboard (into the window KWin gives the keyboard); the first key waits 100 ms,
    /// as on sway, so that a client that has just been given the keyboard has taken its keymap.
    @discardableResult
    public func type(_ text: String) -> CommandResult {
        run([keyboard.path, "-s", "100", "-d", "10", text])
    }

    /// Presses and releases one named key (`Return`) on KWin's fake keyboard.
    @discardableResult
    public func key(_ name: String) -> CommandResult {
        run([keyboard.path, "-s", "100", "-k", name])
    }

    /// Every window KWin manages, as a KWin script sees it. An X11 window is told by its X11 id on 5.27 (`windowId`)
    /// and by its class on 6, whose script API has no X11 id (`KWin::X11Window(0x…)` against
    /// `KWin::XdgToplevelWindow(0x…)`).
    public func windows() throws -> [KWinWindow] {
        let lines = try runScript("""
            for (const c of windowList()) {
                const g = c.frameGeometry;
                say(JSON.stringify({
                    resourceClass: String(c.resourceClass || ""), pid: c.pid || 0, x: g.x, y: g.y, width: g.width,
                    height: g.height, keepAbove: !!c.keepAbove, active: activeWindow() === c,
                    minimized: !!c.minimized, x11: !!c.windowId || String(c).indexOf("X11Window") >= 0,
                    excludedFromCapture: c.excludeFromCapture === undefined ? null : !!c.excludeFromCapture }));
            }
            """)
        return try lines.map { try JSONDecoder().decode(KWinWindow.self, from: Data($0.utf8)) }
    }

    /// Does what the task bar does when the user clicks a window of process `pid`: restores it and gives it the
    /// keyboard. Returns how many windows it reached for.
    @discardableResult
    public func reachFor(pid: Int32) throws -> Int {
        try runScript("""
            for (const c of windowList()) {
                if (c.pid !== \(pid)) continue;
                c.minimized = false;
                activateWindow(c);
                say("reached");
            }
            """).count
    }

    /// Puts the windows of process `pid` on the second virtual desktop alone (made first when KWin has one), as the
    /// window menu's "Move to Desktop" does. Returns how many windows it moved.
    @discardableResult
    public func sendToSecondDesktop(pid: Int32) throws -> Int {
        try runScript("""
            if (kwinPlasma6) {
                if (workspace.desktops.length < 2) workspace.createDesktop(1, "Desktop 2");
            } else if (workspace.desktops < 2) {
                workspace.desktops = 2;
            }
            for (const c of windowList()) {
                if (c.pid !== \(pid)) continue;
                if (kwinPlasma6) c.desktops = [workspace.desktops[1]]; else c.desktop = 2;
                say("moved");
            }
            """).count
    }

    /// Switches to virtual desktop `number` (from 1), as the pager or Ctrl+F`number` does. Returns the number of the
    /// desktop KWin shows after.
    public func switchToDesktop(_ number: Int) throws -> Int? {
        try runScript("""
            if (kwinPlasma6) workspace.currentDesktop = workspace.desktops[\(number - 1)];
            else workspace.currentDesktop = \(number);
            say(String(kwinPlasma6 ? workspace.currentDesktop.x11DesktopNumber : workspace.currentDesktop));
            """).first.flatMap { Int($0) }
    }

    /// KWin's ids (`internalId`, `{…}`) of the windows of process `pid`: what the task manager names them by when it
    /// asks Present Windows to show them.
    public func internalIDs(ofPID pid: Int32) throws -> [String] {
        try runScript("""
            for (const c of windowList()) {
                if (c.pid === \(pid)) say(String(c.internalId));
            }
            """)
    }

    /// The compositor effects KWin shows now (`org.kde.kwin.Effects.activeEffects`: `overview`, `windowview`…).
    public func activeEffects() -> String {
        environment.call(destination: "org.kde.KWin", path: "/Effects", method: "org.freedesktop.DBus.Properties.Get",
                         ["org.kde.kwin.Effects", "activeEffects"]).stdout
    }

    /// Loads the KWin script at `file` as `name` and runs it (on KWin 5.27 and Plasma 6: ``KWinScripting``), through
    /// `connection`; the script should begin with ``KWinScriptPackage/compatibility()``.
    public static func loadScript(_ file: URL, name: String, on connection: Connection) throws {
        let reply = try connection.call(
            destination: KWinScripting.service, path: ObjectPath(KWinScripting.managerPath),
            interface: KWinScripting.managerInterface, member: "loadScript", arguments: [.string(file.path), .string(name)],
            timeout: .seconds(10))
        guard let id = reply.first?.int32Value, id >= 0 else { throw TestSupportError("KWin refused the script \(name): \(reply)") }
        try KWinScripting.run(id: id) { path in
            _ = try connection.call(
                destination: KWinScripting.service, path: ObjectPath(path), interface: KWinScripting.scriptInterface,
                member: "run", arguments: [], timeout: .seconds(10))
        }
    }

    /// Loads and runs a KWin script of the test's own whose `say(text)` lines come back (through KWin's log, where
    /// `print` writes), and waits until it has run.
    private func runScript(_ body: String) throws -> [String] {
        let token = UUID().uuidString.prefix(8)
        let marker = "applock-test-\(token) "
        let script = environment.root.appendingPathComponent("kwin-test-\(token).js")
        try (KWinScriptPackage.compatibility() + "function say(text) { print(\"\(marker)\" + text); }\n\(body)\nprint(\"\(marker)end\");\n")
            .write(to: script, atomically: true, encoding: .utf8)
        let connection = try Connection.address(environment.sessionBus.address)
        defer { connection.close() }
        let name = "applock-test-\(token)"
        // Never unloaded: KWin numbers a script by the count of scripts loaded (its D-Bus object path too), so after an
        // unload the next script can get the number of one still registered, and its `run` then reaches that one and
        // never runs it (seen under load on KWin 5.27). A query script has done its work once it has printed.
        try Self.loadScript(script, name: name, on: connection)
        var lines: [String] = []
        let done = waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(20)) { [compositor] in
            lines = compositor.logText().split(separator: "\n").compactMap { line in
                line.range(of: marker).map { String(line[$0.upperBound...]) }
            }
            return lines.last == "end"
        }
        guard done else { throw TestSupportError("KWin's script \(name) did not run: \(compositor.logText().suffix(2000))") }
        return lines.dropLast()
    }

    /// The whole screen (through KWin's `ScreenShot2.CaptureActiveScreen`, which the test may use: the permission
    /// check is off; or the Xvfb that holds KWin's output), counted for pixels of `colours` (`0xRRGGBB`); kept as a
    /// PNG at `keep` when given.
    public func countPixels(_ colours: Set<UInt32>, keep: URL? = nil) throws -> Int {
        if let outputDisplay {
            let shot = keep ?? environment.root.appendingPathComponent("kwin-shot.png")
            try outputDisplay.screenshot(to: shot)
            let names = colours.map { "#" + String(format: "%06X", $0) }
            return try ImageProbe.pixelCount(in: shot, crop: nil, colours: names, environment: environment)
        }
        let connection = try Connection.address(environment.sessionBus.address)
        defer { connection.close() }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TestSupportError("pipe failed") }
        let reader = fds[0]
        defer { Glibc.close(reader) }
        let reply = try connection.call(
            destination: "org.kde.KWin", path: ObjectPath("/org/kde/KWin/ScreenShot2"),
            interface: "org.kde.KWin.ScreenShot2", member: "CaptureActiveScreen",
            arguments: [.dictionary(key: try Signature("s"), value: try Signature("v"), []),
                        .unixFD(UnixFileDescriptor(takingOwnership: fds[1]))],
            timeout: .seconds(10))
        var info: [String: DBusValue] = [:]
        for (key, value) in reply.first?.dictionaryValue ?? [] {
            if let name = key.stringValue { info[name] = value.variantValue ?? value }
        }
        guard let stride = info["stride"]?.uint32Value, let height = info["height"]?.uint32Value,
              let width = info["width"]?.uint32Value else { throw TestSupportError("ScreenShot2 answered \(reply)") }
        let total = Int(stride) * Int(height)
        var bytes = [UInt8](repeating: 0, count: total)
        var got = 0
        while got < total {
            let n = bytes.withUnsafeMutableBytes { read(reader, $0.baseAddress! + got, total - got) }
            guard n > 0 else { throw TestSupportError("the screenshot ended after \(got) of \(total) bytes") }
            got += n
        }
        if let keep {
            var ppm = Array("P6\n\(width) \(height)\n255\n".utf8)
            for y in 0..<Int(height) {
                for x in 0..<Int(width) {
                    let i = y * Int(stride) + x * 4
                    ppm += [bytes[i + 2], bytes[i + 1], bytes[i]]
                }
            }
            let raw = environment.root.appendingPathComponent("kwin-shot.ppm")
            try Data(ppm).write(to: raw)
            try? FileManager.default.removeItem(at: keep)
            let converted = environment.run(["convert", raw.path, keep.path])
            guard converted.succeeded else { throw TestSupportError("convert failed: \(converted.stderr)") }
        }
        var count = 0
        for y in 0..<Int(height) {
            for x in 0..<Int(width) {
                let i = y * Int(stride) + x * 4
                let rgb = UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i])
                if colours.contains(rgb) { count += 1 }
            }
        }
        return count
    }
}
