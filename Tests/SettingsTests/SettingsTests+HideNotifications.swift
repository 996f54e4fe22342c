import AppLockTestSupport
import DBusKit
import Foundation
import Testing

extension SettingsTests {
    @Test("Hide Notification Content on an app's page writes HideNotifications to its own file and the agent's Policy follows")
    func hideNotificationContent() throws {
        let harness = try SettingsHarness()
        try harness.startSettings()
        let row = "Hide Notification Content"
        #expect(harness.agentPolicy("HideNotifications")?.boolValue == true, "on by default")
        #expect(harness.accessibility.activate("Open Notes", role: "push button"))
        #expect(harness.accessibility.states(of: row, role: "check box")?.contains("checked") == true)

        #expect(harness.accessibility.activate(row, role: "check box"))
        #expect(waitUntil(timeout: .seconds(10)) {
            harness.text(of: harness.appFile).contains("HideNotifications=false")
        }, "\(harness.text(of: harness.appFile))")
        #expect(waitUntil(timeout: .seconds(5)) { harness.agentPolicy("HideNotifications")?.boolValue == false })
        #expect(harness.text(of: harness.globalFile).isEmpty, "a change for one app stays in its own file")
        try harness.screenshot("hide-notifications-off")
    }
}
