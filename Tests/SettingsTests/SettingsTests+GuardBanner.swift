import AppLockProtocol
import AppLockTestSupport
import Foundation
import Testing

extension SettingsTests {
    @Test("While the guard cannot hide a guarded app, the Apps page says why and how to fix it; once a guard protects, the banner goes")
    func guardBannerSaysWhyAndTheFix() throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nGuard=true\n")
        let unsupported = try harness.startGuardOnUnsupportedDesktop()
        #expect(harness.environment.waitForName(GuardBusNames.busName))
        try harness.startSettings()
        #expect(harness.accessibility.find("Guarded Apps Are Not Hidden", showing: true) != nil)
        #expect(harness.accessibility.find("NOT protecting on this Wayland desktop (river)", showing: true) != nil,
                "\(harness.accessibility.tree(of: "io.github.applock.Settings").joined(separator: "\n"))")
        #expect(harness.accessibility.find("Use labwc, GNOME, KDE Plasma, sway or an X11 session", showing: true) != nil)
        try harness.screenshot("guard-not-protecting")

        unsupported.terminate()
        unsupported.waitUntilExit()
        #expect(harness.accessibility.find("applock-guard is not running, so nothing hides \(SettingsHarness.app)",
                                           showing: true) != nil, "no guard runs while Notes is guarded")
        let x11Guard = try harness.display.launch(
            [try PackageFolders.program("applock-guard")], log: harness.environment.logDirectory.appendingPathComponent("guard-x11.log"))
        defer { x11Guard.terminate() }
        #expect(waitUntil(timeout: .seconds(15)) {
            harness.accessibility.find("Guarded Apps Are Not Hidden", showing: true, timeout: 2) == nil
        }, "the banner goes once the guard protects")
        try harness.screenshot("guard-protecting")
    }
}
