import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

/// "Protected" on GNOME means the AppLock extension is `ENABLED` and has polled the guard; otherwise the guard's bus
/// status, `applockctl status` (exit status 19) and one desktop notification naming the guarded app say why.
extension GnomeGuardTests {
    @Test("Protected once the extension polled; disabled while running (gnome-extensions disable; a window closed before, whose actor it no longer touches), the guard says so everywhere, once; applockctl guard add enables it again")
    func disabledWhileRunning() throws {
        let desktop = try Desktop(notifications: true)
        defer { desktop.stop() }
        let probe = GuardStatusProbe(environment: desktop.environment)
        let healthy = probe.waitFor(nil)
        #expect(healthy?.protected == true, "\(String(describing: healthy))\n\(desktop.log())")
        let version = desktop.session.shellVersion
        #expect(healthy?.statement.hasPrefix("protecting guarded apps on GNOME \(version)") == true, "\(String(describing: healthy))")
        // A start answered within ProtectionAlarm.patience says only that it protects, once (the bus said `waiting`
        // meanwhile: GnomeGuardTests' never-polling extension checks that).
        #expect(desktop.log().components(separatedBy: "protecting guarded apps on GNOME").count == 2, "\(desktop.log())")
        let printed = try probe.applockctlStatus()
        #expect(printed.status == 0 && printed.stdout.contains("Guard:   protecting guarded apps on GNOME \(version)"),
                "\(printed.stdout)\(printed.stderr)")
        #expect(desktop.waitUntilHidden(label: "status-protected"), "\(desktop.log())")
        // A window that opened and closed: disabling the extension must not touch its disposed actor.
        let brief = try desktop.session.launch(["foot", "-a", "org.example.Brief", "sh", "-c", "sleep 2"], logName: "brief")
        #expect(brief.waitForExit(timeout: .seconds(20)), "\(brief.logText())")

        let disabled = desktop.environment.run(["gnome-extensions", "disable", desktop.session.extensionUUID],
                                               extraEnvironment: desktop.session.variables)
        #expect(disabled.succeeded, "\(disabled.stderr)")
        // GNOME 43 reports DISABLED at once; GNOME 48 passes through DISABLING, which the notification, sent at once,
        // names.
        try expectNotProtecting(
            probe, .extensionDisabled, statement: "the AppLock extension is disabled (DISABL", log: desktop.log)
        #expect(!desktop.session.logText().contains("already disposed"), "\(desktop.session.logText().suffix(3000))")

        let added = desktop.environment.run(
            [try PackageFolders.program("applockctl"), "guard", "add", Self.app, "--no-passcode-window"])
        #expect(added.succeeded, "\(added.stdout)\(added.stderr)")
        #expect(added.stdout.contains("Enabled the AppLock GNOME Shell extension ("),
                "\(added.stdout)")
        #expect(probe.waitFor(nil)?.protected == true, "\(desktop.log())")
        #expect(desktop.waitUntilHidden(label: "status-enabled-again"), "\(desktop.log())")
        #expect((try? probe.notifications())?.count == 1, "no more notifications")
    }

    @Test("The not-protecting notice is seen in the Shell itself: GNOME's own notification service (org.gnome.Shell.Notifications) shows it, naming the app, when the extension is disabled")
    func notProtectingNoticeInTheShell() throws {
        let desktop = try Desktop(readNotifications: true)
        defer { desktop.stop() }
        let reader = desktop.shellReader
        let probe = GuardStatusProbe(environment: desktop.environment)
        #expect(probe.waitFor(nil)?.protected == true, "\(desktop.log())")
        #expect(desktop.environment.waitForName("org.freedesktop.Notifications"), "the Shell serves notifications: \(desktop.log())")
        let disabled = desktop.environment.run(["gnome-extensions", "disable", desktop.session.extensionUUID],
                                               extraEnvironment: desktop.session.variables)
        #expect(disabled.succeeded, "\(disabled.stderr)")
        #expect(probe.waitFor(.extensionDisabled)?.protected == false, "\(desktop.log())")
        var reading: GnomeNotificationReader.Reading?
        #expect(waitUntil(timeout: .seconds(20)) {
            reading = reader.read()
            return reading?.allText.contains("AppLock cannot hide Notes") == true
        }, "the Shell shows the notice: \(String(describing: reading?.notifications))\n\(desktop.log())")
        #expect(reading?.allText.contains("the AppLock extension is disabled") == true, "\(String(describing: reading?.notifications))")
        _ = try? desktop.session.screenshot(
            to: Self.artifact("not-protecting-notice", shellVersion: desktop.session.shellVersion))
    }

    @Test("The Shell leaving the bus is said everywhere; a new Shell is protected again once its extension polls")
    func shellRestarted() throws {
        let desktop = try Desktop(notifications: true)
        defer { desktop.stop() }
        let probe = GuardStatusProbe(environment: desktop.environment)
        #expect(probe.waitFor(nil)?.protected == true, "\(desktop.log())")
        desktop.session.stop()
        try expectNotProtecting(
            probe, .compositorGone, statement: "GNOME Shell is not on the session bus", log: desktop.log)
        let again = try GnomeShellSession(environment: desktop.environment)
        defer { again.stop() }
        #expect(probe.waitFor(nil)?.protected == true, "\(desktop.guardProcess.logText())\n\(again.logText().suffix(3000))")
    }

    /// Rewrites the `shell-version` list of the extension folder `folder`'s `metadata.json`.
    static func setShellVersions(_ versions: [String], of folder: URL) throws {
        let metadata = folder.appendingPathComponent("metadata.json")
        let list = versions.map { "\"\($0)\"" }.joined(separator: ", ")
        try String(contentsOf: metadata, encoding: .utf8)
            .replacing(#/"shell-version": \[[^\]]*\]/#, with: "\"shell-version\": [\(list)]")
            .write(to: metadata, atomically: true, encoding: .utf8)
    }

    /// An extension the Shell cannot run, one that never polls, or one whose answer handler throws once the guard
    /// asks it to hide a window (its poll loop ends there).
    enum BrokenExtension: String, CaseIterable, Sendable {
        case outOfDate, failing, missing, silent, stopsPolling
    }

    /// The line of the extension's poll loop that applies the guard's answer.
    static let applyAnswer = "this._apply(JSON.parse(answer[1]));"

    @Test("An extension out of date, failing, missing, enabled but never polling, or that stops polling: the guard says it is not protecting, why, and the fix", arguments: BrokenExtension.allCases)
    func brokenExtension(_ broken: BrokenExtension) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("applock-gnome-\(broken.rawValue)-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        // The running Shell's generation of the extension, alone.
        let variant = try Self.extensionSource(in: root.appendingPathComponent("assembled"))
        let script = variant.appendingPathComponent("extension.js")
        // The failing and the silent one list the running Shell's version, so that the Shell gets as far as loading
        // them; the silent one is written in the format that version loads (an ES module from GNOME 45).
        let major = try GnomeShellSession.installedMajorVersion()
        let expected: (GuardReason, String)
        switch broken {
        case .outOfDate:
            try Self.setShellVersions(["40"], of: variant)
            expected = (.extensionOutOfDate, "the AppLock extension is out of date (OUT_OF_DATE)")
        case .failing:
            try Self.setShellVersions([String(major)], of: variant)
            try "throw new Error('broken on purpose');\n".write(to: script, atomically: true, encoding: .utf8)
            expected = (.extensionError, "the AppLock extension failed (ERROR")
        case .missing:
            expected = (.extensionMissing, "the AppLock extension is not installed")
        case .silent:
            try Self.setShellVersions([String(major)], of: variant)
            let stub = major >= 45
                ? "export default class Silent { constructor(metadata) {} enable() {} disable() {} }\n"
                : "function init() { return { enable() {}, disable() {} }; }\n"
            try stub.write(to: script, atomically: true, encoding: .utf8)
            expected = (.waiting, "the AppLock extension is enabled but has not answered yet")
        case .stopsPolling:
            let source = try String(contentsOf: script, encoding: .utf8)
            try #require(source.contains(Self.applyAnswer))
            try source.replacing(Self.applyAnswer, with: """
                const wanted = JSON.parse(answer[1]);
                if (wanted.hide.length > 0) throw new Error('AppLock test: the answer handler fails on purpose');
                this._apply(wanted);
                """).write(to: script, atomically: true, encoding: .utf8)
            expected = (.extensionSilent, "the AppLock extension stopped polling the guard")
        }
        let desktop = try Desktop(extensionDirectories: broken == .missing ? [] : [variant], notifications: true)
        defer { desktop.stop() }
        try expectNotProtecting(GuardStatusProbe(environment: desktop.environment), expected.0, statement: expected.1,
                                     log: desktop.log)
    }
}
