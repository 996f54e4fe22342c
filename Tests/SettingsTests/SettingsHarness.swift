import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// One desktop for an AppLock Settings test (an ``AccessibleDesktop``: the real agent, keyring, Xvfb with openbox,
/// AT-SPI and the app `org.example.Notes` with a desktop file, registered by the test so the agent knows it), with
/// AppLock Settings started on it.
final class SettingsHarness: AccessibleDesktop {
    private var settings: Process?
    private var settingsLog: URL?

    /// `mandatory` is written to the administrator's file; `appPolicy` is the app's own policy file, as is; `polkit`
    /// puts python-dbusmock's polkitd on a private system bus.
    init(mandatory: String? = nil, appPolicy: String? = nil, polkit: Bool = false) throws {
        try super.init(artifacts: "settings", appPolicy: appPolicy, administratorPolicy: mandatory, polkit: polkit)
    }

    deinit {
        if let settings, settings.isRunning { settings.terminate() }
    }

    var appFile: URL { appPolicyFile }
    var globalFile: URL { environment.configHome.appendingPathComponent("applock/applock.conf") }

    /// Starts applock-guard on a Wayland desktop it cannot protect (river, whose compositor offers no
    /// wlr-foreign-toplevel-management), so that Settings shows its not-protecting banner.
    func startGuardOnUnsupportedDesktop() throws -> Process {
        try display.launch(
            [try PackageFolders.program("applock-guard")],
            extraEnvironment: ["WAYLAND_DISPLAY": "wayland-9", "XDG_CURRENT_DESKTOP": "river"],
            log: environment.logDirectory.appendingPathComponent("guard-river.log"))
    }

    /// Starts AppLock Settings and returns once its Apps page lists Notes to AT-SPI. With `fromDesktopFile`, it is
    /// started as the desktop starts it: `gtk-launch io.github.applock.Settings`, through the package's desktop file
    /// installed in the test's data folder with its icon. `environment` is added to the desktop's (e.g.
    /// ``TranslatedSession``'s), and `ready` is the accessible name of Notes' switch in that language.
    func startSettings(fromDesktopFile: Bool = false, environment extra: [String: String] = [:], ready: String = "Protect Notes") throws {
        let folder = try PackageFolders.programs()
        var command = [folder.appendingPathComponent("applock-settings").path]
        if fromDesktopFile {
            let package = PackageFolders.package
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
        (settings, settingsLog) = try launchAccessible(
            command,
            extraEnvironment: extra.merging([
                "APPLOCK_LOCK_WINDOW": folder.appendingPathComponent("applock-lock-window").path,
                "APPLOCK_SETTINGS_CHECK_CLIPPING": "1",
            ]) { $1 },
            log: "settings.log")
        guard accessibility.find(ready, timeout: 30) != nil else {
            throw TestSupportError("AppLock Settings did not show Notes: \(self.log)")
        }
    }

    /// Saves the screenshot, then holds the window to what a user would see: no text on it cut short or cut off.
    /// Settings checks its labels once a second (APPLOCK_SETTINGS_CHECK_CLIPPING); the first check after the
    /// screenshot is the one that counts.
    @discardableResult
    override func screenshot(_ name: String) throws -> URL {
        let url = try super.screenshot(name)
        let clipped = ClippingCheck.nextReport { self.log }
        #expect(clipped != nil, "\(name): Settings made no clipping check: \(log)")
        #expect(clipped == nil || clipped == "none", "\(name).png: text that does not fit: \(clipped ?? "")")
        return url
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
}
