import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// One desktop for an AppLock Settings test: private buses, an unlocked keyring, the real agent, Xvfb with
/// openbox, the AT-SPI bus, the app `org.example.Notes` with a desktop file (registered by the test, so the agent
/// knows it), and the administrator's file in the test's own folder (never `/etc`).
final class SettingsHarness {
    static let app = "org.example.Notes"

    let environment: TestEnvironment
    let agent: AgentProcess
    let display: XDisplay
    let accessibility: AccessibilityDriver
    let client: AgentClient
    let adminPolicy: URL
    private var settings: Process?
    private var settingsLog: URL?

    /// `mandatory` is written to the administrator's file; `appPolicy` is the app's own policy file, as is.
    init(mandatory: String? = nil, appPolicy: String? = nil) throws {
        environment = try TestEnvironment()
        try environment.startKeyring()
        adminPolicy = environment.root.appendingPathComponent("etc-applock/policy.conf")
        if let mandatory {
            try FileManager.default.createDirectory(
                at: adminPolicy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try mandatory.write(to: adminPolicy, atomically: true, encoding: .utf8)
        }
        if let appPolicy {
            let apps = environment.configHome.appendingPathComponent("applock/apps.d")
            try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
            try appPolicy.write(to: apps.appendingPathComponent("\(Self.app).conf"), atomically: true, encoding: .utf8)
        }
        agent = try AgentProcess(environment: environment, extraEnvironment: ["APPLOCK_ADMIN_POLICY": adminPolicy.path])
        try agent.waitUntilServing()
        display = try XDisplay(environment: environment)
        try AccessibilityDriver.startBus(on: display, environment: environment)
        accessibility = AccessibilityDriver(display: display)
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
        if let settings, settings.isRunning { settings.terminate() }
        client.close()
        environment.cleanup()
    }

    var appFile: URL { environment.configHome.appendingPathComponent("applock/apps.d/\(Self.app).conf") }
    var globalFile: URL { environment.configHome.appendingPathComponent("applock/applock.conf") }

    /// Starts AppLock Settings and returns once its Apps page lists Notes to AT-SPI. With `fromDesktopFile`, it is
    /// started as the desktop starts it: `gtk-launch io.github.applock.Settings`, through the package's desktop file
    /// installed in the test's data folder with its icon.
    func startSettings(fromDesktopFile: Bool = false) throws {
        let folder = try AgentProcess.locateExecutable().deletingLastPathComponent()
        let log = environment.logDirectory.appendingPathComponent("settings.log")
        settingsLog = log
        var command = [folder.appendingPathComponent("applock-settings").path]
        if fromDesktopFile {
            let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let entry = try String(
                contentsOf: package.appendingPathComponent("data/applications/io.github.applock.Settings.desktop"), encoding: .utf8)
            try entry.replacingOccurrences(of: "@bindir@", with: folder.path).write(
                to: environment.dataHome.appendingPathComponent("applications/io.github.applock.Settings.desktop"),
                atomically: true, encoding: .utf8)
            let icons = environment.dataHome.appendingPathComponent("icons/hicolor/scalable/apps")
            try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: package.appendingPathComponent("data/icons/hicolor/scalable/apps/io.github.applock.Settings.svg"),
                to: icons.appendingPathComponent("io.github.applock.Settings.svg"))
            command = ["gtk-launch", "io.github.applock.Settings"]
        }
        // GTK registers with AT-SPI only when the bridge is not turned off.
        settings = try display.launch(
            command,
            extraEnvironment: [
                "GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0", "APPLOCK_ADMIN_POLICY": adminPolicy.path,
                "APPLOCK_LOCK_WINDOW": folder.appendingPathComponent("applock-lock-window").path,
            ],
            log: log)
        guard accessibility.find("Protect Notes", timeout: 30) != nil else {
            throw TestSupportError("AppLock Settings did not show Notes: \(self.log)")
        }
    }

    /// What AppLock Settings wrote to stdout and stderr.
    var log: String { settingsLog.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? "" }

    /// The text of a policy file, "" when there is none.
    func text(of file: URL) -> String {
        (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    /// The app's policy key as the agent reports it in its `Policy` property.
    func agentPolicy(_ key: String) -> DBusValue? {
        try? client.policy(Self.app, key)
    }

    /// Types `text` with xdotool into whatever has the keyboard, then presses `keys`.
    func type(_ text: String, then keys: [String] = []) {
        if !text.isEmpty { #expect(display.run(["xdotool", "type", "--delay", "40", text]).succeeded) }
        for key in keys { #expect(display.run(["xdotool", "key", key]).succeeded) }
    }

    /// Saves a screenshot as `artifacts/settings/<name>.png` in the package.
    func screenshot(_ name: String) throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("artifacts/settings")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try display.screenshot(to: directory.appendingPathComponent("\(name).png"))
    }
}
