public import Foundation
import Glibc

/// A Wayland desktop for guard tests: headless sway (pixman renderer, one 1280×800 output) inside a
/// `TestEnvironment`. sway refuses to run as root, so a test running as root starts it as the user `applocktest`
/// (created here when missing) in a runtime directory of that user's; the test's own programs keep their
/// environment and reach sway through absolute `WAYLAND_DISPLAY` and `SWAYSOCK` paths.
public final class SwaySession: @unchecked Sendable {
    /// The user sway runs as when the tests run as root.
    public static let user = "applocktest"

    public let environment: TestEnvironment
    /// The environment's variables plus `WAYLAND_DISPLAY` and `SWAYSOCK` (absolute paths), without `DISPLAY`.
    public let variables: [String: String]
    public let socketPath: String
    private let compositor: SessionProcess

    /// Starts sway and waits for its Wayland and IPC sockets.
    public init(environment: TestEnvironment) throws {
        self.environment = environment
        let fm = FileManager.default
        let base = environment.root.appendingPathComponent("sway")
        let runtime = base.appendingPathComponent("run")
        try fm.createDirectory(at: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try fm.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let config = base.appendingPathComponent("config")
        try """
            output HEADLESS-1 resolution 1280x800 background #202020 solid_color
            default_border pixel 2
            focus_follows_mouse no

            """.write(to: config, atomically: true, encoding: .utf8)
        var swayVariables = [
            "HOME": base.path, "XDG_RUNTIME_DIR": runtime.path, "PATH": "/usr/local/bin:/usr/bin:/bin",
            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
        ]
        var argv = ["sway", "-c", config.path]
        if geteuid() == 0 {
            try Self.ensureUser(environment)
            let chown = environment.run(["chown", Self.user, runtime.path])
            guard chown.succeeded else { throw TestSupportError("chown failed: \(chown.stderr)") }
            argv = ["runuser", "-u", Self.user, "--", "env", "-i"] + swayVariables.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value)" } + argv
            swayVariables = environment.environment
        }
        compositor = try SessionProcess(argv, variables: swayVariables, in: environment, logName: "sway")
        var display: String?
        var socket: String?
        let up = waitUntil(timeout: .seconds(15), pollEvery: .milliseconds(20)) { [compositor] in
            let names = (try? fm.contentsOfDirectory(atPath: runtime.path)) ?? []
            display = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            socket = names.first { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }
            return (display != nil && socket != nil) || !compositor.isRunning
        }
        guard up, let display, let socket, compositor.isRunning else {
            compositor.stop()
            throw TestSupportError("sway did not start: \(compositor.logText())")
        }
        // `sway-ipc.<uid>.<pid>.sock`: track sway itself, so that it ends even if runuser is killed.
        if let pid = Int32(socket.split(separator: ".").dropLast().last ?? "") { environment.track(pid) }
        socketPath = runtime.appendingPathComponent(socket).path
        var variables = environment.environment
        variables["WAYLAND_DISPLAY"] = runtime.appendingPathComponent(display).path
        variables["SWAYSOCK"] = socketPath
        variables["XDG_CURRENT_DESKTOP"] = "sway"
        variables["GDK_BACKEND"] = "wayland"
        variables["DISPLAY"] = nil
        self.variables = variables
    }

    deinit { stop() }

    /// Ends sway.
    public func stop() { compositor.stop() }

    /// `useradd` for ``user`` when it does not exist yet.
    private static func ensureUser(_ environment: TestEnvironment) throws {
        if environment.run(["id", "-u", user]).succeeded { return }
        let added = environment.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user])
        guard added.succeeded || environment.run(["id", "-u", user]).succeeded else {
            throw TestSupportError("cannot create the user \(user) for sway: \(added.stderr)")
        }
    }

    /// Starts a program on this desktop.
    public func launch(_ argv: [String], logName: String, extraVariables: [String: String] = [:]) throws -> SessionProcess {
        try SessionProcess(argv, variables: variables.merging(extraVariables) { $1 }, in: environment, logName: logName)
    }

    /// Runs a command on this desktop and waits for it.
    @discardableResult
    public func run(_ argv: [String], input: String? = nil, timeout: Duration = .seconds(30)) -> CommandResult {
        CommandRunner.run(argv, environment: variables, input: input, scratch: environment.root, timeout: timeout)
    }

    /// Types `text` with `wtype` (a virtual keyboard: the keys go to whatever window sway gives the focus). Each
    /// run of wtype sends a keymap of its own; GTK drops a key that arrives before it has taken the keymap, so the
    /// first key waits 100 ms (`-s`), as a person's first key would.
    public func type(_ text: String) {
        run(["wtype", "-s", "100", "-d", "10", text])
    }

    /// Presses and releases one key (`Return`) with `wtype`.
    public func key(_ name: String) {
        run(["wtype", "-s", "100", "-k", name])
    }

    /// Every window in sway's tree: its container id, app id, pid, workspace, whether it has the focus and
    /// whether it floats.
    public func windows() -> [SwayWindow] {
        let result = run(["swaymsg", "-r", "-t", "get_tree"])
        guard result.succeeded, let data = result.stdout.data(using: .utf8),
              let tree = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        var found: [SwayWindow] = []
        func walk(_ node: [String: Any], workspace: String) {
            let type = node["type"] as? String ?? ""
            let here = type == "workspace" ? node["name"] as? String ?? "" : workspace
            if (type == "con" || type == "floating_con"), let pid = node["pid"] as? Int {
                var window = SwayWindow(
                    id: node["id"] as? Int ?? 0, appID: node["app_id"] as? String, pid: Int32(pid), workspace: here,
                    focused: node["focused"] as? Bool ?? false, floating: type == "floating_con")
                window.rect = SwayRect(node["rect"])
                window.surface = SwayRect(node["geometry"])
                found.append(window)
            }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [[String: Any]] ?? [] { walk(child, workspace: here) }
            }
        }
        walk(tree, workspace: "")
        return found
    }

    /// The rectangles of the active outputs (`get_outputs`), in layout coordinates.
    public func outputs() -> [SwayRect] {
        let result = run(["swaymsg", "-r", "-t", "get_outputs"])
        guard result.succeeded, let data = result.stdout.data(using: .utf8),
              let outputs = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return outputs.filter { $0["active"] as? Bool ?? false }.compactMap { SwayRect($0["rect"]) }
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

/// One window of sway's tree, as a test reads it.
public struct SwayWindow: Sendable, Equatable {
    public var id: Int
    public var appID: String?
    public var pid: Int32
    public var workspace: String
    public var focused: Bool
    public var floating: Bool
    /// The container's place in layout coordinates (`rect` in sway's tree, borders included).
    public var rect: SwayRect?
    /// The size the client itself drew (`geometry` in sway's tree: its surface, relative to the container).
    public var surface: SwayRect?

    /// Whether it is on a workspace (not in sway's scratchpad).
    public var onScreen: Bool { workspace != "__i3_scratch" }
}
