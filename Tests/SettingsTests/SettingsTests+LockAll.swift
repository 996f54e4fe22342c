import AppLockTestSupport
import Foundation
import Testing

extension SettingsTests {
    @Test("Lock All Now, beside the protected apps, locks every app with a passcode at once (the agent's LockAll), as Super+Alt+L does")
    func lockAllNowLocksEveryApp() throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nGuard=true\n")
        _ = try harness.client.call("SetPasscode", [.string(SettingsHarness.app), .string("2468"), .string("four-digit")])
        #expect(harness.client.unlock(SettingsHarness.app, "2468") == "")
        #expect(try harness.client.state(SettingsHarness.app) == "unlocked")
        try harness.startSettings()
        #expect(harness.accessibility.find("Lock All Now") != nil, "\(harness.log)")
        try harness.screenshot("lock-all-now")
        #expect(harness.accessibility.activate("Lock All Now", role: "push button"))
        #expect(waitUntil(timeout: .seconds(10)) { (try? harness.client.state(SettingsHarness.app)) == "locked" },
                "state: \((try? harness.client.state(SettingsHarness.app)) ?? "none")")
        #expect(harness.accessibility.find("Protected · Passcode set · Locked") != nil,
                "\(harness.accessibility.tree(of: "io.github.applock.Settings").joined(separator: "\n"))")
    }
}
