import AppLockTestSupport
import DBusKit
import Foundation
import Testing

extension SettingsTests {
    @Test("The Security page's AppLock Passcode row sets it in the passcode window; Protect then gives Notes, without a passcode, the AppLock passcode and opens no window; Notes' page says so and switches it to a passcode of its own and back")
    func appLockPasscodeRowAndSwitch() throws {
        let harness = try SettingsHarness()
        let app = SettingsHarness.app
        try harness.startSettings()
        #expect(harness.accessibility.activate("Security", role: "page tab"))
        #expect(harness.accessibility.find("One passcode for all the apps you protect", showing: true) != nil)
        #expect(harness.accessibility.find("Not set") != nil, "\(harness.log)")
        try harness.screenshot("security-applock-passcode-not-set")

        #expect(harness.accessibility.activate("Set the AppLock passcode", role: "push button"))
        #expect(harness.accessibility.find("Choose a new passcode", timeout: 20) != nil, "\(harness.log)")
        #expect(harness.accessibility.find("The AppLock passcode: one passcode for all the apps you protect.") != nil)
        harness.type("2468")
        #expect(harness.accessibility.find("Enter the new passcode again") != nil)
        harness.type("2468")
        #expect(harness.accessibility.find("The AppLock passcode is set.") != nil)
        #expect(try harness.client.sharedPasscodeKind() == "four-digit")
        #expect(harness.accessibility.activate("Close", role: "push button", in: "applock-lock-window"))
        #expect(waitUntil(timeout: .seconds(10)) { harness.accessibility.find("The AppLock passcode is set.", timeout: 1) == nil }, "the window stays")
        #expect(harness.accessibility.find("Set (4 Digits) · Used by 0 apps") != nil,
                "\(harness.accessibility.tree(of: "io.github.applock.Settings").joined(separator: "\n"))")
        try harness.screenshot("security-applock-passcode")

        #expect(harness.accessibility.activate("Apps", role: "page tab"))
        #expect(harness.accessibility.activate("Protect Notes", role: "check box"))
        #expect(waitUntil(timeout: .seconds(10)) { (try? harness.client.appProperty(app, "PasscodeSource").stringValue) == "shared" },
                "Protect did not give Notes the AppLock passcode: \(harness.log)")
        #expect(harness.accessibility.find("Notes uses the AppLock passcode") != nil)
        #expect(harness.accessibility.find("Choose a new passcode", timeout: 2) == nil, "a passcode window opened")
        #expect(harness.client.unlock(app, "2468") == "")

        #expect(harness.accessibility.activate("Open Notes", role: "push button"))
        #expect(harness.accessibility.find("AppLock passcode (4 Digits)", showing: true) != nil)
        try harness.screenshot("app-page-applock-passcode")
        #expect(harness.accessibility.activate("Use Its Own Passcode…", role: "push button"))
        #expect(harness.accessibility.find("Enter the AppLock passcode", timeout: 20) != nil, "\(harness.log)")
        harness.type("2468")
        #expect(harness.accessibility.find("Choose a new passcode") != nil)
        harness.type("1357")
        #expect(harness.accessibility.find("Enter the new passcode again") != nil)
        harness.type("1357")
        #expect(harness.accessibility.find("This app has a passcode of its own now.") != nil)
        #expect(try harness.client.appProperty(app, "PasscodeSource").stringValue == "own")
        #expect(harness.accessibility.activate("Close", role: "push button", in: "applock-lock-window"))
        #expect(waitUntil(timeout: .seconds(10)) { harness.accessibility.find("This app has a passcode of its own now.", timeout: 1) == nil }, "the window stays")
        #expect(harness.accessibility.find("Its own passcode (4 Digits)", showing: true) != nil)
        try harness.screenshot("app-page-own-passcode")

        #expect(harness.accessibility.activate("Use the AppLock Passcode…", role: "push button"))
        #expect(harness.accessibility.find("Enter this app's current passcode", timeout: 20) != nil, "\(harness.log)")
        harness.type("1357")
        #expect(harness.accessibility.find("This app uses the AppLock passcode now.") != nil)
        #expect(try harness.client.appProperty(app, "PasscodeSource").stringValue == "shared")
        #expect(harness.client.unlock(app, "2468") == "")
        #expect(harness.accessibility.activate("Close", role: "push button", in: "applock-lock-window"))
        #expect(waitUntil(timeout: .seconds(10)) { harness.accessibility.find("This app uses the AppLock passcode now.", timeout: 1) == nil }, "the window stays")
        #expect(harness.accessibility.find("AppLock passcode (4 Digits)", showing: true) != nil)
    }

    @Test("Unlock Together After a Screen Lock on When to Lock is a weakening: the agent holds it for Notes, which uses the AppLock passcode, until the AppLock passcode confirms it")
    func unlockTogetherIsHeldUntilConfirmed() throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nGuard=true\n")
        let app = SettingsHarness.app
        _ = try harness.client.call("SetSharedPasscode", [.string("2468"), .string("four-digit")])
        _ = try harness.client.call("UseSharedPasscode", [.string(app)])
        try harness.startSettings()
        #expect(harness.accessibility.activate("When to Lock", role: "page tab"))
        #expect(harness.accessibility.find("For the apps that use the AppLock passcode") != nil)
        #expect(harness.accessibility.states(of: "Unlock Together After a Screen Lock", role: "check box")?.contains("checked") == false)
        #expect(harness.accessibility.activate("Unlock Together After a Screen Lock", role: "check box"))
        #expect(waitUntil(timeout: .seconds(10)) { harness.text(of: harness.globalFile).contains("UnlockTogether=true") },
                "\(harness.text(of: harness.globalFile))")
        #expect(harness.accessibility.find("confirm it on the Apps page", timeout: 20) != nil, "\(harness.log)")
        #expect(harness.agentPolicy("UnlockTogether")?.boolValue == false, "the agent holds the weakening")
        try harness.screenshot("unlock-together-held")

        #expect(harness.accessibility.activate("Apps", role: "page tab"))
        #expect(harness.accessibility.find("Made weaker: Unlock Together") != nil, "\(harness.log)")
        #expect(harness.accessibility.activate("Confirm the change for Notes", role: "push button"))
        #expect(harness.accessibility.find("Passcode for Notes") != nil)
        harness.type("2468", then: ["Return"])
        #expect(waitUntil(timeout: .seconds(10)) { harness.agentPolicy("UnlockTogether")?.boolValue == true })
        // The row is last on its page; the window's search brings it into view.
        #expect(harness.accessibility.find("Passcode for Notes", timeout: 2) == nil, "the dialog closed")
        #expect(harness.type("together"))
        #expect(harness.accessibility.find("Unlock Together After a Screen Lock", showing: true) != nil)
        try harness.screenshot("search-unlock-together")
    }
}
