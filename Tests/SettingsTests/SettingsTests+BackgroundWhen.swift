import AppLockTestSupport
import DBusKit
import Foundation
import Glibc
import Testing

extension SettingsTests {
    @Test("Hidden When Not Focused writes BackgroundWhen to the policy file and the agent's Policy says so; the administrator's BackgroundWhen=unfocused shows it on and not editable")
    func hiddenWhenNotFocused() throws {
        let harness = try SettingsHarness()
        try harness.startSettings()
        let row = "Hidden When Not Focused"
        #expect(harness.agentPolicy("BackgroundWhen")?.stringValue == "minimised")
        #expect(harness.accessibility.activate("When to Lock", role: "page tab"))
        #expect(harness.accessibility.states(of: row, role: "check box")?.contains("checked") == false)

        #expect(harness.accessibility.activate(row, role: "check box"))
        #expect(waitUntil(timeout: .seconds(10)) {
            harness.text(of: harness.globalFile).contains("BackgroundWhen=unfocused")
        }, "\(harness.text(of: harness.globalFile))")
        #expect(waitUntil(timeout: .seconds(5)) { harness.agentPolicy("BackgroundWhen")?.stringValue == "unfocused" })

        #expect(harness.accessibility.activate(row, role: "check box"))
        #expect(waitUntil(timeout: .seconds(10)) {
            harness.text(of: harness.globalFile).contains("BackgroundWhen=minimised")
        }, "\(harness.text(of: harness.globalFile))")
        #expect(waitUntil(timeout: .seconds(5)) { harness.agentPolicy("BackgroundWhen")?.stringValue == "minimised" })

        try FileManager.default.createDirectory(
            at: harness.administratorPolicyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Mandatory]\nBackgroundWhen=unfocused\n".write(to: harness.administratorPolicyFile, atomically: true, encoding: .utf8)
        harness.agent.kill(SIGHUP)
        #expect(waitUntil(timeout: .seconds(5)) { harness.agentPolicy("BackgroundWhen")?.stringValue == "unfocused" })
        var states: Set<String>?
        #expect(waitUntil(timeout: .seconds(10)) {
            states = harness.accessibility.states(of: row, role: "check box")
            return states?.contains("checked") == true && states?.contains("sensitive") == false
        }, "the administrator's value is shown, not editable: \(states ?? [])")
        #expect(harness.accessibility.find("Set by your administrator") != nil)
        try harness.screenshot("hidden-when-not-focused-mandatory")
        #expect(harness.text(of: harness.globalFile).contains("BackgroundWhen=minimised"), "the user's file is left alone")
    }
}
