import Foundation

/// A labwc desktop for guard tests (Debian 13's labwc 0.8, testing's 0.20), started as ``HeadlessCompositor`` starts every
/// compositor, with one output. The test reaches for windows as a task bar would, through `wlrctl` (the
/// wlr-foreign-toplevel-management protocol).
public final class LabwcSession: HeadlessWaylandSession, @unchecked Sendable {
    public let environment: TestEnvironment
    /// The environment's variables plus an absolute `WAYLAND_DISPLAY`, without `DISPLAY`.
    public let variables: [String: String]
    private let compositor: HeadlessCompositor

    /// An empty `rc.xml`: labwc's defaults.
    public static let defaultConfig = "<?xml version=\"1.0\"?>\n<labwc_config/>\n"

    /// Starts labwc with `config` as its `rc.xml` and waits for its Wayland socket.
    public init(environment: TestEnvironment, config: String = LabwcSession.defaultConfig) throws {
        self.environment = environment
        compositor = try HeadlessCompositor(
            environment: environment, name: "labwc",
            config: (file: ".config/labwc/rc.xml", text: config),
            argv: { ["labwc", "-C", $0.deletingLastPathComponent().path] },
            extraVariables: ["WLR_HEADLESS_OUTPUTS": "1"])
        var variables = compositor.clientVariables
        variables["XDG_CURRENT_DESKTOP"] = "labwc:wlroots"
        self.variables = variables
    }

    deinit { stop() }

    /// The `labwc --version` on PATH as (major, minor); (0, 0) when it cannot be read.
    public static func installedVersion(environment: TestEnvironment) -> (Int, Int) {
        let output = environment.run(["labwc", "--version"]).stdout
        guard let match = output.firstMatch(of: #/labwc (\d+)\.(\d+)/#), let major = Int(match.1), let minor = Int(match.2)
        else { return (0, 0) }
        return (major, minor)
    }

    /// Ends labwc.
    public func stop() { compositor.stop() }

    /// Whether a toplevel with app id `appID` is listed, in `state` (`active`, `minimized`…) when given.
    public func hasToplevel(_ appID: String, state: String? = nil) -> Bool {
        run(["wlrctl", "toplevel", "find", "app_id:\(appID)"] + (state.map { ["state:\($0)"] } ?? [])).succeeded
    }

    /// Which of the app's and the lock window's toplevels are minimised or active, for a failure message.
    public func focusReport(_ appID: String) -> String {
        [appID, "applock-lock-window"].flatMap { id in
            ["minimized", "active"].map { "\(id) \($0): \(hasToplevel(id, state: $0))" }
        }.joined(separator: ", ")
    }

    /// How many toplevels `wlrctl toplevel list` lists with app id `appID`.
    public func windowCount(appID: String) -> Int {
        run(["wlrctl", "toplevel", "list"]).stdout.split(separator: "\n").filter { $0.hasPrefix(appID + ": ") }.count
    }

    /// Reaches for the app's windows as a task bar would: `wlrctl toplevel focus` (restores and activates).
    public func reach(for appID: String) {
        run(["wlrctl", "toplevel", "focus", "app_id:\(appID)"])
    }
}
