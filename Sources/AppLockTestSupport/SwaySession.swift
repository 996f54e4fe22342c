import Foundation
import Glibc

/// A Wayland desktop for guard tests: headless sway (pixman renderer, one 1280×800 output) inside a
/// `TestEnvironment`, started as ``HeadlessCompositor`` starts every compositor; the test's own programs reach sway
/// through absolute `WAYLAND_DISPLAY` and `SWAYSOCK` paths.
public final class SwaySession: HeadlessWaylandSession, @unchecked Sendable {
    /// The user sway runs as when the tests run as root.
    public static let user = HeadlessCompositor.user

    public let environment: TestEnvironment
    /// The environment's variables plus `WAYLAND_DISPLAY` and `SWAYSOCK` (absolute paths), without `DISPLAY`.
    public let variables: [String: String]
    public let socketPath: String
    private let compositor: HeadlessCompositor

    /// Starts sway and waits for its Wayland and IPC sockets.
    public init(environment: TestEnvironment) throws {
        self.environment = environment
        compositor = try HeadlessCompositor(
            environment: environment, name: "sway",
            config: (
                file: "config",
                text: """
                    output HEADLESS-1 resolution 1280x800 background #202020 solid_color
                    default_border pixel 2
                    focus_follows_mouse no

                    """),
            argv: { ["sway", "-c", $0.path] },
            sockets: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") })
        let socket = compositor.otherSocket ?? ""
        // `sway-ipc.<uid>.<pid>.sock`: track sway itself, so that it ends even if runuser is killed.
        if let pid = Int32(socket.split(separator: ".").dropLast().last ?? "") { environment.track(pid) }
        socketPath = compositor.runtime.appendingPathComponent(socket).path
        var variables = compositor.clientVariables
        variables["SWAYSOCK"] = socketPath
        variables["XDG_CURRENT_DESKTOP"] = "sway"
        self.variables = variables
    }

    deinit { stop() }

    /// Ends sway.
    public func stop() { compositor.stop() }

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
                window.windowClass = (node["window_properties"] as? [String: Any])?["class"] as? String
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

    public func windowCount(appID: String) -> Int { windows().filter { $0.appID == appID }.count }

    /// How many windows are named `name`: a Wayland app id, or an Xwayland window's `WM_CLASS` class.
    public func windowCount(named name: String) -> Int {
        windows().filter { $0.appID == name || $0.windowClass == name }.count
    }

    /// The X display of sway's Xwayland (`DISPLAY` as sway gives it to the programs it starts), for X11 apps: as
    /// a user's sway config or launcher starts them.
    public func xwaylandDisplay() throws -> String {
        let file = URL(fileURLWithPath: socketPath).deletingLastPathComponent().appendingPathComponent("xwayland-display")
        let asked = run(["swaymsg", "exec", "printf %s \"$DISPLAY\" > '\(file.path)'"])
        guard asked.succeeded else { throw TestSupportError("swaymsg exec: \(asked.stderr)") }
        var display = ""
        _ = waitUntil(timeout: .seconds(10)) {
            display = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return !display.isEmpty
        }
        guard display.hasPrefix(":") else { throw TestSupportError("sway has no Xwayland (DISPLAY '\(display)')") }
        return display
    }

    /// The rectangles of the active outputs (`get_outputs`), in layout coordinates.
    public func outputs() -> [SwayRect] {
        let result = run(["swaymsg", "-r", "-t", "get_outputs"])
        guard result.succeeded, let data = result.stdout.data(using: .utf8),
              let outputs = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return outputs.filter { $0["active"] as? Bool ?? false }.compactMap { SwayRect($0["rect"]) }
    }
}

/// One window of sway's tree, as a test reads it.
public struct SwayWindow: Sendable, Equatable {
    public var id: Int
    public var appID: String?
    /// An Xwayland window's `WM_CLASS` class (nil for a Wayland window).
    public var windowClass: String?
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
