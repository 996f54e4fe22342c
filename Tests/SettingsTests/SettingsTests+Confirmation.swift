import AppLockTestSupport
import DBusKit
import Foundation
import Testing

extension SettingsTests {
    @Test("Switching Protect off for an app with a passcode waits for authentication: Settings asks for the passcode itself, and system authentication confirms a longer grace period")
    func weakeningAsksForTheLocksAuthentication() throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nGuard=true\n", polkit: true)
        let app = SettingsHarness.app
        _ = try harness.client.call("SetPasscode", [.string(app), .string("2580"), .string("four-digit")])
        try harness.startSettings()
        #expect(harness.accessibility.states(of: "Protect Notes", role: "check box")?.contains("checked") == true)

        #expect(harness.accessibility.activate("Protect Notes", role: "check box"))
        #expect(waitUntil(timeout: .seconds(10)) { harness.text(of: harness.appFile).contains("Guard=false") })
        #expect(harness.accessibility.find("Passcode for Notes", timeout: 20) != nil, "\(harness.log)")
        // A password text, whose keys a screen reader does not echo.
        #expect(harness.accessibility.states(of: "Passcode for Notes", role: "password text") != nil,
                "\(harness.accessibility.tree(of: "io.github.applock.Settings").filter { $0.contains("Passcode for") })")
        #expect(harness.accessibility.find("Waiting for your passcode: Protect Windows.") != nil)
        #expect(harness.accessibility.find("Notes: change waiting for your passcode") != nil)
        #expect(harness.agentPolicy("Guard")?.boolValue == true, "the agent holds the change until it is confirmed")
        #expect(harness.accessibility.states(of: "Protect Notes", role: "check box")?.contains("checked") == true,
                "the switch shows what is in force: still protected")
        try harness.screenshot("confirm-change")

        harness.type("1111", then: ["Return"])
        #expect(harness.accessibility.find("Wrong passcode; 4 attempts left before a lock-out.") != nil, "\(harness.log)")
        #expect(harness.agentPolicy("Guard")?.boolValue == true)
        try harness.screenshot("confirm-change-wrong")
        harness.type("2580", then: ["Return"])
        #expect(waitUntil(timeout: .seconds(10)) { harness.agentPolicy("Guard")?.boolValue == false })
        #expect(Self.held(harness).isEmpty)
        #expect(harness.accessibility.find("Passcode for Notes", timeout: 2) == nil, "the dialog closed")
        #expect(waitUntil(timeout: .seconds(10)) {
            harness.accessibility.states(of: "Protect Notes", role: "check box")?.contains("checked") == false
        })

        // A longer grace period on the app's page: "Confirm with System Authentication" asks polkit for change-protection.
        #expect(harness.accessibility.activate("Open Notes", role: "push button"))
        // Its one minute shows as 1 with "minutes" beside it: 10 is ten minutes.
        #expect(harness.accessibility.setValue(10, of: "Grace Period for Notes", role: "spin button"))
        #expect(harness.accessibility.find("Waiting for your passcode: Grace Period.", timeout: 20) != nil, "\(harness.log)")
        #expect(harness.accessibility.activate("Confirm with System Authentication", role: "push button"))
        #expect(harness.accessibility.find("System authentication did not confirm the change") != nil)
        #expect(harness.agentPolicy("GracePeriod")?.uint32Value == 60)
        try harness.screenshot("confirm-change-refused")
        try harness.environment.setPolkitAllowed(["io.github.applock.change-protection"])
        #expect(harness.accessibility.activate("Confirm with System Authentication", role: "push button"))
        #expect(waitUntil(timeout: .seconds(10)) { harness.agentPolicy("GracePeriod")?.uint32Value == 600 })
        #expect(Self.held(harness).isEmpty)
        try harness.screenshot("confirmed")

        for secret in ["1111", "2580"] {
            #expect(!harness.log.contains(secret), "Settings logged a passcode")
            #expect(!harness.agent.logText().contains(secret), "the agent logged a passcode")
        }
    }

    /// `GetHeldPolicyChanges`, the apps with a change waiting.
    static func held(_ harness: SettingsHarness) -> [String] {
        let rows = (try? harness.client.call("GetHeldPolicyChanges").first?.arrayValue) ?? nil
        return rows?.compactMap { $0.structureValue?.first?.stringValue } ?? ["unreadable"]
    }
}

extension SettingsTests {
    @Test("A weaker setting for every app, made on When to Lock, is held for the app with a passcode and points to the Apps page")
    func weakeningForEveryAppPointsToTheAppsPage() throws {
        let harness = try SettingsHarness()
        _ = try harness.client.call("SetPasscode", [.string(SettingsHarness.app), .string("2580"), .string("four-digit")])
        try harness.startSettings()
        #expect(harness.accessibility.activate("When to Lock", role: "page tab"))
        #expect(harness.accessibility.activate("Screensaver", role: "check box"))
        #expect(waitUntil(timeout: .seconds(10)) { harness.text(of: harness.globalFile).contains("LockOnScreenSaver=false") })
        #expect(harness.accessibility.find("The change waits for authentication for Notes: confirm it on the Apps page") != nil,
                "\(harness.log)")
        #expect(harness.agentPolicy("LockOnScreenSaver")?.boolValue == true, "held for Notes, which has a passcode")
        try harness.screenshot("held-for-every-app")
        #expect(harness.accessibility.activate("Apps", role: "page tab"))
        #expect(harness.accessibility.find("Made weaker: Screensaver", showing: true) != nil)
    }
}
