import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// One desktop for a lock-window test: private buses, an unlocked keyring, the real agent, Xvfb with openbox,
/// the AT-SPI bus, and the app `org.example.Notes` with a desktop file, registered by the test as its owner.
final class LockWindowHarness {
    static let app = "org.example.Notes"

    let environment: TestEnvironment
    let agent: AgentProcess
    let display: XDisplay
    let client: AgentClient
    private var parentProcess: Process?

    init(policy: String? = nil) throws {
        environment = try TestEnvironment()
        try environment.startKeyring()
        if let policy {
            let directory = environment.configHome.appendingPathComponent("applock/apps.d")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try "[Policy]\n\(policy)\n".write(
                to: directory.appendingPathComponent("\(Self.app).conf"), atomically: true, encoding: .utf8)
        }
        agent = try AgentProcess(environment: environment)
        try agent.waitUntilServing()
        display = try XDisplay(environment: environment)
        _ = try display.launch(
            ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
            log: environment.logDirectory.appendingPathComponent("at-spi.log"))
        guard environment.waitForName("org.a11y.Bus") else { throw TestSupportError("the AT-SPI bus did not start") }
        let applications = environment.dataHome.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try """
            [Desktop Entry]
            Type=Application
            Name=Notes
            Icon=accessories-text-editor
            Exec=xterm
            """.write(to: applications.appendingPathComponent("\(Self.app).desktop"), atomically: true, encoding: .utf8)
        client = try AgentClient(environment)
        _ = try client.register(Self.app)
    }

    deinit {
        client.close()
        environment.cleanup()
    }

    /// Gives the app a passcode and locks it.
    func lockWithPasscode(_ passcode: String, kind: String) throws {
        _ = try client.call("SetPasscode", [.string(Self.app), .string(passcode), .string(kind)])
        _ = try client.call("Lock", [.string(Self.app)])
        #expect(try client.state(Self.app) == "locked")
    }

    /// Maps a stand-in for the guard's cover and returns its X window id.
    func makeParentWindow(width: Int = 800, height: Int = 600) throws -> UInt {
        let (id, owner) = try display.mapCoverWindow(x: 240, y: 100, width: width, height: height)
        parentProcess = owner
        return id
    }

    /// Ends the process that owns the parent window (so the X server destroys the window).
    func destroyParentWindow() {
        parentProcess?.terminate()
    }

    /// Starts `applock-lock-window` with `arguments`; returns once the window is shown (and, inside a parent,
    /// holds the keyboard).
    func startLockWindow(_ arguments: [String]) throws -> LockWindowProcess {
        let process = try LockWindowProcess(arguments, display: display, environment: environment)
        let ready = arguments.contains("--parent") ? "keyboard grabbed" : "shown"
        guard waitUntil(timeout: .seconds(20), { process.log.contains(ready) || !process.isRunning }),
              process.isRunning else {
            throw TestSupportError("applock-lock-window did not show: \(process.log)")
        }
        return process
    }

    /// Locks the app with `passcode` and starts the lock window for it inside a stand-in for the guard's cover.
    func startLockWindowInCover(passcode: String, kind: String) throws -> LockWindowProcess {
        try lockWithPasscode(passcode, kind: kind)
        let parent = try makeParentWindow()
        return try startLockWindow(["lock", "--app-id", Self.app, "--parent", String(parent)])
    }

    /// Types `text` with xdotool into whatever has the keyboard, then presses the keys in `keys` (e.g. Return).
    func type(_ text: String, then keys: [String] = []) {
        if !text.isEmpty { #expect(display.run(["xdotool", "type", "--delay", "30", text]).succeeded) }
        for key in keys { #expect(display.run(["xdotool", "key", key]).succeeded) }
    }

    /// Waits until an accessible object's name or text contains `text`; returns its `role\tname\ttext` line.
    func accessibleText(containing text: String, timeout: Int = 15) -> String? {
        let result = display.run(
            ["/usr/bin/python3", "-c", Scripts.accessibility, text, String(timeout)], timeout: .seconds(timeout + 10))
        return result.succeeded ? result.stdout : nil
    }

    /// Activates the push button named `name` through AT-SPI; false when there is none.
    func press(_ name: String) -> Bool {
        display.run(["/usr/bin/python3", "-c", Scripts.accessibility, "--press", "10", name]).succeeded
    }

    /// Every accessible object of the lock window, as `role\tname\ttext` lines.
    func accessibleTree() -> [String] {
        let result = display.run(["/usr/bin/python3", "-c", Scripts.accessibility, "--dump", "10", "applock-lock-window"])
        return result.stdout.split(separator: "\n").map(String.init) + (result.stdout.isEmpty ? [result.stderr] : [])
    }

    /// Saves a screenshot as `artifacts/lock-window/<name>.png` in the package and returns its path.
    @discardableResult
    func screenshot(_ name: String) throws -> URL {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("artifacts/lock-window")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(name).png")
        try display.screenshot(to: url)
        return url
    }

    /// The app's state on the bus.
    func state() throws -> String {
        try client.state(Self.app)
    }
}
