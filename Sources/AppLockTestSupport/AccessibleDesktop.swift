public import Foundation

/// A desktop for tests of AppLock's GTK windows (the lock window, AppLock Settings), driven as a screen reader
/// user would: private buses, an unlocked keyring, the real agent, Xvfb with openbox, the AT-SPI bus with an
/// ``AccessibilityDriver``, and the app ``app`` ("Notes") with a desktop file, registered by the test as its owner.
/// The administrator's policy file lives in the test's own folder (never `/etc`). Test harnesses subclass it.
open class AccessibleDesktop {
    /// The app the tests protect, named "Notes" by its desktop file.
    public static let app = "org.example.Notes"
    /// What a GTK 4 program needs in its environment to show its widgets to AT-SPI.
    public static let accessibleGtk = ["GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0"]

    public let environment: TestEnvironment
    public let agent: AgentProcess
    public let display: XDisplay
    public let accessibility: AccessibilityDriver
    public let client: AgentClient
    /// The administrator's policy file (`APPLOCK_ADMIN_POLICY` of the agent and of the programs started here).
    public let administratorPolicyFile: URL
    private let artifacts: String

    /// - Parameters:
    ///   - artifacts: the folder under the package's `artifacts/` that ``screenshot(_:)`` saves into.
    ///   - appPolicy: the text of the app's own policy file, written before the agent starts.
    ///   - administratorPolicy: the text of the administrator's file, written before the agent starts.
    ///   - polkit: a private system bus with python-dbusmock's polkitd on it, every action refused until the test
    ///     allows it (`environment.setPolkitAllowed`).
    ///   - screen: the display's size in pixels.
    public init(
        artifacts: String, appPolicy: String? = nil, administratorPolicy: String? = nil, polkit: Bool = false,
        screen: (width: Int, height: Int) = (1280, 800)
    ) throws {
        self.artifacts = artifacts
        environment = try TestEnvironment(systemBus: polkit)
        try environment.startKeyring()
        if polkit { try environment.startPolkit() }
        administratorPolicyFile = environment.root.appendingPathComponent("etc-applock/policy.conf")
        if let administratorPolicy { try Self.write(administratorPolicy, to: administratorPolicyFile) }
        if let appPolicy { try Self.write(appPolicy, to: environment.configHome.appendingPathComponent(
            "applock/apps.d/\(Self.app).conf")) }
        agent = try AgentProcess(
            environment: environment, extraEnvironment: ["APPLOCK_ADMIN_POLICY": administratorPolicyFile.path])
        try agent.waitUntilServing()
        display = try XDisplay(environment: environment, width: screen.width, height: screen.height)
        try AccessibilityDriver.startBus(on: display, environment: environment)
        accessibility = AccessibilityDriver(display: display)
        try Self.write(
            """
            [Desktop Entry]
            Type=Application
            Name=Notes
            Icon=accessories-text-editor
            Exec=xterm
            """,
            to: environment.dataHome.appendingPathComponent("applications/\(Self.app).desktop"))
        client = try AgentClient(environment)
        _ = try client.register(Self.app)
    }

    deinit {
        client.close()
        environment.cleanup()
    }

    /// Starts `argv` (a GTK program) on the display with AT-SPI on and the test's administrator file; its output
    /// goes to `log` in the log folder.
    public func launchAccessible(_ argv: [String], extraEnvironment: [String: String] = [:], log: String) throws
        -> (process: Process, log: URL)
    {
        let logFile = environment.logDirectory.appendingPathComponent(log)
        let variables = Self.accessibleGtk.merging(["APPLOCK_ADMIN_POLICY": administratorPolicyFile.path]) { $1 }
        let process = try display.launch(argv, extraEnvironment: variables.merging(extraEnvironment) { $1 }, log: logFile)
        return (process, logFile)
    }

    /// The app's own policy file.
    public var appPolicyFile: URL { environment.configHome.appendingPathComponent("applock/apps.d/\(Self.app).conf") }

    /// Types `text` with xdotool into whatever has the keyboard, then presses `keys` (e.g. Return); false when
    /// xdotool failed.
    @discardableResult
    public func type(_ text: String, then keys: [String] = []) -> Bool {
        var typed = text.isEmpty || display.run(["xdotool", "type", "--delay", "40", text]).succeeded
        for key in keys { typed = display.run(["xdotool", "key", key]).succeeded && typed }
        return typed
    }

    /// Clicks the middle of the object named `name` in the window titled `window` with the pointer (xdotool), as a
    /// user would; false when the object or the window is not found.
    @discardableResult
    public func click(_ name: String, role: String? = nil, inWindow window: String) -> Bool {
        guard let box = accessibility.box(of: name, role: role) else { return false }
        return display.run([
            "xdotool", "search", "--onlyvisible", "--name", window, "mousemove", "--window", "%1",
            String(box.x + box.width / 2), String(box.y + box.height / 2), "click", "1",
        ]).succeeded
    }

    /// Saves a screenshot of the whole display as `artifacts/<artifacts>/<name>.png` in the package.
    @discardableResult
    open func screenshot(_ name: String) throws -> URL {
        let url = PackageFolders.artifacts(artifacts).appendingPathComponent("\(name).png")
        try display.screenshot(to: url)
        return url
    }

    private static func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
