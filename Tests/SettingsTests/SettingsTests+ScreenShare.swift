import AppLockTestSupport
import DBusKit
import Foundation
import Glibc
import Testing

extension SettingsTests {
    @Test("Screen Sharing shows Hide Content (obscure) by default; choosing Lock from its list writes LockOnScreenShare=lock and the agent's Policy says so; the administrator's LockOnScreenShare=lock shows it fixed")
    func screenSharingChoice() throws {
        let harness = try SettingsHarness()
        try harness.startSettings()
        #expect(harness.agentPolicy("LockOnScreenShare")?.stringValue == "obscure")
        #expect(harness.accessibility.activate("When to Lock", role: "page tab"))
        let row = "Screen Sharing"
        #expect(harness.accessibility.states(of: "Hide Content", role: "label") != nil, "obscure shows as Hide Content")
        try harness.screenshot("screen-sharing")
        // A click opens the list of choices (Off, Hide Content, Lock); the keyboard picks one.
        #expect(harness.click(row, role: "combo box", inWindow: "AppLock"))
        try harness.screenshot("screen-sharing-choices")
        // The list's focus starts on its first choice, Off: Lock is two down.
        #expect(harness.type("", then: ["Down", "Down", "Return"]))
        #expect(waitUntil(timeout: .seconds(10)) {
            harness.text(of: harness.globalFile).contains("LockOnScreenShare=lock")
        }, "\(harness.text(of: harness.globalFile))\n\(harness.log)")
        #expect(waitUntil(timeout: .seconds(5)) { harness.agentPolicy("LockOnScreenShare")?.stringValue == "lock" })

        try FileManager.default.createDirectory(
            at: harness.administratorPolicyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Mandatory]\nLockOnScreenShare=lock\n".write(to: harness.administratorPolicyFile, atomically: true, encoding: .utf8)
        harness.agent.kill(SIGHUP)
        var states: Set<String>?
        #expect(waitUntil(timeout: .seconds(10)) {
            states = harness.accessibility.states(of: row, role: "combo box")
            return states?.contains("sensitive") == false
        }, "the administrator's value is shown, not editable: \(states ?? [])")
        #expect(harness.accessibility.find("Set by your administrator") != nil)
        try harness.screenshot("screen-sharing-mandatory")
    }
}
