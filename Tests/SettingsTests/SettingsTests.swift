import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// AppLock Settings under Xvfb + openbox with the real agent and keyring, driven through AT-SPI as a screen reader
/// user would: what it writes, what the agent then says, and what the window shows.
@Suite("AppLock Settings", .serialized)
struct SettingsTests {
    @Test("Protect writes Guard=true and the agent's Policy follows the file; the passcode window sets the AppLock passcode by default, one keyring item, and Notes uses it")
    func protectAndSetPasscode() throws {
        let harness = try SettingsHarness()
        try harness.startSettings()
        try harness.screenshot("apps")
        #expect(harness.accessibility.states(of: "Protect Notes", role: "check box")?.contains("checked") == false)

        #expect(harness.accessibility.activate("Protect Notes", role: "check box"))
        #expect(waitUntil(timeout: .seconds(10)) { harness.text(of: harness.appFile).contains("Guard=true") },
                "\(harness.text(of: harness.appFile))")
        #expect(waitUntil(timeout: .seconds(10)) { harness.agentPolicy("Guard")?.boolValue == true },
                "the agent's Policy did not follow the file to Guard=true")
        #expect(harness.text(of: harness.appFile) == "[Policy]\nGuard=true\n")

        // Protecting an app without a passcode, with no AppLock passcode, opens the passcode window (the lock window's
        // set-passcode flow), which sets the AppLock passcode unless the user gives the app one of its own.
        #expect(harness.accessibility.find("Choose a new passcode", timeout: 20) != nil, "\(harness.log)")
        #expect(harness.accessibility.find("The AppLock passcode: one passcode for all the apps you protect.") != nil)
        #expect(harness.accessibility.find("Give This App Its Own Passcode Instead") != nil)
        try harness.screenshot("set-passcode")
        harness.type("1357")
        #expect(harness.accessibility.find("Enter the new passcode again") != nil)
        harness.type("2468")
        #expect(harness.accessibility.find("did not match") != nil)
        harness.type("2468")
        #expect(harness.accessibility.find("Enter the new passcode again") != nil)
        harness.type("2468")
        #expect(harness.accessibility.find("The passcode is set.") != nil)
        let items = harness.environment.run(["secret-tool", "search", "--all", "shared", "yes"])
        #expect(items.stdout.components(separatedBy: "label = ").count - 1 == 1, "\(items.stdout)\(items.stderr)")
        #expect(!harness.environment.run(["secret-tool", "search", "--all", "app-id", SettingsHarness.app]).stdout.contains("label = "))
        #expect(try harness.client.appProperty(SettingsHarness.app, "PasscodeSource").stringValue == "shared")
        #expect(harness.client.unlock(SettingsHarness.app, "2468") == "")
        #expect(harness.accessibility.activate("Close", role: "push button", in: "applock-lock-window"))
        #expect(harness.accessibility.find("Protected · Passcode set · Unlocked") != nil,
                "\(harness.accessibility.tree(of: "io.github.applock.Settings").joined(separator: "\n"))")
        try harness.screenshot("apps-protected")
    }

    @Test("Every control can take the keyboard focus and has a name for screen readers, on each page")
    func everyControlIsNamedAndFocusable() throws {
        let harness = try SettingsHarness()
        try harness.startSettings()
        var controls: [String] = []
        for page in ["Apps", "When to Lock", "Security"] {
            #expect(harness.accessibility.activate(page, role: "page tab"))
            #expect(harness.accessibility.find(page == "Apps" ? "Other Apps" : page == "Security" ? "Failed Attempts" : "Lock Apps When", showing: true) != nil)
            controls += harness.accessibility.tree(of: "io.github.applock.Settings").filter { line in
                let role = line.split(separator: "\t", omittingEmptySubsequences: false).first ?? ""
                return ["check box", "spin button", "text", "push button", "toggle button", "page tab", "entry"]
                    .contains(String(role))
            }
        }
        #expect(controls.count > 20, "\(controls)")
        for line in controls {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == 4 && !fields[1].isEmpty && !fields[1].hasPrefix("Gtk"), "unnamed: \(line)")
            #expect(fields.count == 4 && fields[3].split(separator: " ").contains("focusable"), "not focusable: \(line)")
        }
    }

    @Test("The grace period on the app's page changes its effective policy; the pages for every app and Recent Locks")
    func gracePeriodAndPages() throws {
        let harness = try SettingsHarness()
        try harness.startSettings()
        #expect(harness.accessibility.activate("Open Notes", role: "push button"))
        // The grace period (a minute) is shown as 1 with "minute" beside it: 5 is five minutes.
        #expect(harness.accessibility.find("Unit of Grace Period for Notes") != nil)
        // (The page's other durations name their units too: the grace period's turns from one to the other.)
        let shownUnits = { (unit: String) in
            harness.accessibility.tree(of: "io.github.applock.Settings").filter { $0.hasPrefix("label\t\(unit)\t") }.count
        }
        let (minute, minutes) = (shownUnits("minute"), shownUnits("minutes"))
        #expect(minute >= 1, "1 minute, not 1 minutes")
        #expect(harness.accessibility.setValue(5, of: "Grace Period for Notes", role: "spin button"))
        #expect(waitUntil(timeout: .seconds(5)) { shownUnits("minute") == minute - 1 && shownUnits("minutes") == minutes + 1 },
                "5 minutes")
        #expect(waitUntil(timeout: .seconds(10)) { harness.text(of: harness.appFile).contains("GracePeriod=300") },
                "\(harness.text(of: harness.appFile))")
        #expect(waitUntil(timeout: .seconds(5)) { harness.agentPolicy("GracePeriod")?.uint32Value == 300 })
        #expect(harness.text(of: harness.globalFile).isEmpty, "a change for one app stays in its own file")
        try harness.screenshot("app-page")

        #expect(harness.accessibility.activate("Back to Apps", role: "push button"))
        #expect(harness.accessibility.activate("When to Lock", role: "page tab"))
        #expect(harness.accessibility.find("Lock Apps When", showing: true) != nil)
        try harness.screenshot("when-to-lock")
        #expect(harness.accessibility.activate("Security", role: "page tab"))
        #expect(harness.accessibility.find("Failed Attempts Allowed", showing: true) != nil)
        try harness.screenshot("security")

        _ = try harness.client.call("Lock", [.string(SettingsHarness.app)])
        #expect(harness.accessibility.activate("Recent Locks", role: "page tab"))
        #expect(harness.accessibility.find("Notes hidden", showing: true) != nil)
        try harness.screenshot("recent-locks")
    }

    @Test("A key the administrator sets shows as not editable, with its value (started by gtk-launch from the desktop file)")
    func mandatoryKey() throws {
        let harness = try SettingsHarness(
            mandatory: "[Mandatory]\nRequireLockOnSessionLock=true\nGuard=org.example.Notes\n")
        try FileManager.default.createDirectory(
            at: harness.globalFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Policy]\nLockOnSessionLock=false\n".write(to: harness.globalFile, atomically: true, encoding: .utf8)
        try harness.startSettings(fromDesktopFile: true)
        let protect = harness.accessibility.states(of: "Protect Notes", role: "check box")
        #expect(protect?.contains("checked") == true, "\(protect ?? [])")
        #expect(protect?.contains("sensitive") == false, "\(protect ?? [])")
        #expect(harness.accessibility.find("Protected by your administrator") != nil)

        #expect(harness.accessibility.activate("When to Lock", role: "page tab"))
        let screenLock = harness.accessibility.states(of: "Screen Lock", role: "check box")
        #expect(screenLock?.contains("checked") == true, "the clamped value is shown: \(screenLock ?? [])")
        #expect(screenLock?.contains("sensitive") == false, "\(screenLock ?? [])")
        #expect(harness.accessibility.find("Set by your administrator") != nil)
        #expect(harness.accessibility.states(of: "Screensaver", role: "check box")?.contains("sensitive") == true)
        try harness.screenshot("mandatory")
    }

    @Test("A hand-edited policy file that is broken is reported with file, line and key, and left as it was")
    func brokenFileIsReportedAndKept() throws {
        let broken = "[Policy]\n# mine, do not touch\nGracePeriod=soon\nGuard=false\n"
        let harness = try SettingsHarness(appPolicy: broken)
        try harness.startSettings()
        let report = harness.accessibility.find("org.example.Notes.conf, line 3, key GracePeriod")
        #expect(report?.contains("expected a whole number") == true, "\(report ?? "nothing")")
        #expect(harness.accessibility.states(of: "Protect Notes", role: "check box")?.contains("sensitive") == false)
        try harness.screenshot("broken-file")

        harness.accessibility.activate("Protect Notes", role: "check box")
        // Another change, for every app, goes through: the window is alive and the broken file still untouched.
        #expect(harness.accessibility.activate("When to Lock", role: "page tab"))
        #expect(harness.accessibility.activate("Screensaver", role: "check box"))
        #expect(waitUntil(timeout: .seconds(10)) { harness.text(of: harness.globalFile).contains("LockOnScreenSaver=false") })
        #expect(try Data(contentsOf: harness.appFile) == Data(broken.utf8))
    }

    @Test("A weakening written into a protected app's policy file by hand shows as waiting, and its Confirm… takes the passcode")
    func heldWeakeningIsShown() throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nAllowSystemAuthentication=false\n")
        try harness.client.call("SetPasscode", [.string(SettingsHarness.app), .string("1234"), .string("four-digit")])
        try harness.startSettings()
        try "[Policy]\nAllowSystemAuthentication=false\nMaxFailedAttempts=1000\n".write(to: harness.appFile, atomically: true, encoding: .utf8)
        harness.agent.kill(SIGHUP)
        let row = harness.accessibility.find("Made weaker: Failed Attempts Allowed", timeout: 20)
        #expect(row != nil, "\(harness.log)")
        #expect(harness.agentPolicy("MaxFailedAttempts")?.uint32Value == 5)
        try harness.screenshot("held-weakening")

        // The row's Confirm… opens the confirmation, here without system authentication, which the policy forbids.
        #expect(harness.accessibility.activate("Confirm the change for Notes", role: "push button"))
        let explanation = "Waiting for your passcode: Failed Attempts Allowed. Enter the passcode of Notes to apply it."
        #expect(harness.accessibility.find(explanation) != nil)
        #expect(harness.accessibility.find("Confirm with System Authentication", timeout: 2) == nil)
        try harness.screenshot("held-weakening-confirm")
        // Escape closes the dialog; the change keeps waiting, and its Confirm… opens it again.
        harness.type("", then: ["Escape"])
        #expect(harness.accessibility.find(explanation, timeout: 2) == nil, "Escape did not close the dialog")
        #expect(harness.agentPolicy("MaxFailedAttempts")?.uint32Value == 5)
        #expect(harness.accessibility.activate("Confirm the change for Notes", role: "push button"))
        #expect(harness.accessibility.find(explanation) != nil)
        harness.type("1234", then: ["Return"])
        #expect(waitUntil(timeout: .seconds(10)) { harness.agentPolicy("MaxFailedAttempts")?.uint32Value == 1000 })
        #expect(harness.accessibility.find("change waiting for your passcode", timeout: 2) == nil)
    }
}
