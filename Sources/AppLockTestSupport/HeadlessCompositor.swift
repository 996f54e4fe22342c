public import Foundation
import Glibc

/// A wlroots compositor running headless for guard tests (pixman renderer, no input devices) inside a
/// `TestEnvironment`, with its own home and runtime folder. Compositors refuse to run as root, so a test running as
/// root starts it as the user `applocktest` (created here when missing) in a runtime folder of that user's.
public final class HeadlessCompositor: @unchecked Sendable {
    /// The user compositors run as when the tests run as root.
    public static let user = "applocktest"

    /// The compositor's `XDG_RUNTIME_DIR`.
    public let runtime: URL
    /// The environment's variables plus an absolute `WAYLAND_DISPLAY` and `GDK_BACKEND=wayland`, without `DISPLAY`.
    public let clientVariables: [String: String]
    /// The file in the runtime folder that `sockets` waited for (sway's IPC socket), if any.
    public let otherSocket: String?
    private let process: SessionProcess

    /// Writes `config` into the compositor's folder, starts `argv(config file)` and waits for its Wayland socket and,
    /// when `sockets` is given, another file in the runtime folder it matches.
    public init(
        environment: TestEnvironment, name: String, config: (file: String, text: String), argv: (URL) -> [String],
        sockets: ((String) -> Bool)? = nil, extraVariables: [String: String] = [:]
    ) throws {
        let fm = FileManager.default
        let base = environment.root.appendingPathComponent(name)
        runtime = base.appendingPathComponent("run")
        try fm.createDirectory(at: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try fm.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let configFile = base.appendingPathComponent(config.file)
        try fm.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true,
                               attributes: [.posixPermissions: 0o755])
        try config.text.write(to: configFile, atomically: true, encoding: .utf8)
        var variables = [
            "HOME": base.path, "XDG_RUNTIME_DIR": runtime.path, "PATH": "/usr/local/bin:/usr/bin:/bin",
            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
        ].merging(extraVariables) { $1 }
        var command = argv(configFile)
        if geteuid() == 0 {
            try Self.ensureUser(environment)
            let chown = environment.run(["chown", "-R", Self.user, base.path])
            guard chown.succeeded else { throw TestSupportError("chown failed: \(chown.stderr)") }
            command = ["runuser", "-u", Self.user, "--", "env", "-i"] + variables.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value)" } + command
            variables = environment.environment
        }
        let process = try SessionProcess(command, variables: variables, in: environment, logName: name)
        self.process = process
        var display: String?
        var other: String?
        let runtimePath = runtime.path
        let up = waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(20)) {
            let names = (try? fm.contentsOfDirectory(atPath: runtimePath)) ?? []
            display = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            other = sockets.flatMap { names.first(where: $0) }
            return (display != nil && (sockets == nil || other != nil)) || !process.isRunning
        }
        guard up, let display, process.isRunning else {
            process.stop()
            throw TestSupportError("\(name) did not start: \(process.logText())")
        }
        otherSocket = other
        var client = environment.environment
        client["WAYLAND_DISPLAY"] = runtime.appendingPathComponent(display).path
        client["GDK_BACKEND"] = "wayland"
        client["DISPLAY"] = nil
        clientVariables = client
    }

    deinit { stop() }

    /// Ends the compositor.
    public func stop() { process.stop() }

    /// `useradd` for ``user`` when it does not exist yet, one test at a time (``UserDatabaseLock``).
    public static func ensureUser(_ environment: TestEnvironment) throws {
        try UserDatabaseLock.held {
            if environment.run(["id", "-u", user]).succeeded { return }
            let added = environment.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user])
            guard added.succeeded else {
                throw TestSupportError("cannot create the user \(user) for the compositor: \(added.stderr)")
            }
        }
    }
}

/// What guard tests do on any headless wlroots desktop: start programs on it, type with `wtype` (a virtual
/// keyboard), and read its pixels with `grim` (wlr-screencopy).
public protocol HeadlessWaylandSession: AnyObject {
    var environment: TestEnvironment { get }
    /// The variables programs on this desktop get.
    var variables: [String: String] { get }
    /// How many windows with the Wayland app id `appID` the compositor lists.
    func windowCount(appID: String) -> Int
    /// Ends the compositor.
    func stop()
}

extension HeadlessWaylandSession {
    /// Starts a program on this desktop.
    public func launch(_ argv: [String], logName: String, extraVariables: [String: String] = [:]) throws -> SessionProcess {
        try SessionProcess(argv, variables: variables.merging(extraVariables) { $1 }, in: environment, logName: logName)
    }

    /// Runs a command on this desktop and waits for it.
    @discardableResult
    public func run(_ argv: [String], input: String? = nil, timeout: Duration = .seconds(30)) -> CommandResult {
        CommandRunner.run(argv, environment: variables, input: input, scratch: environment.root, timeout: timeout)
    }

    /// Types `text` with `wtype` (a virtual keyboard: the keys go to whatever window has the focus). Each run of
    /// wtype sends a keymap of its own; GTK drops a key that arrives before it has taken the keymap, so the first key
    /// waits 100 ms (`-s`), as a person's first key would.
    public func type(_ text: String) {
        run(["wtype", "-s", "100", "-d", "10", text])
    }

    /// Presses and releases one key (`Return`) with `wtype`.
    public func key(_ name: String) {
        run(["wtype", "-s", "100", "-k", name])
    }

    /// A PNG of the whole output, as `grim` (wlr-screencopy) sees it.
    public func screenshot(to url: URL) throws {
        let result = run(["grim", url.path])
        guard result.succeeded else { throw TestSupportError("grim failed: \(result.stderr)") }
    }

    /// How many pixels of the PNG `image` have one of `colours` (`#RRGGBB`, upper case).
    public func pixelCount(in image: URL, colours: [String]) throws -> Int {
        try ImageProbe.pixelCount(in: image, crop: nil, colours: colours, environment: environment)
    }
}
