import AppLockTestSupport
import DBusKit
import Foundation
import Testing

extension SettingsTests {
    @Test("An app locked out by wrong passcodes shows the lock-out on its row, counting down, until it ends")
    func lockOutCountdown() throws {
        let harness = try SettingsHarness(appPolicy: "[Policy]\nMaxFailedAttempts=1\nLockoutSchedule=15\n")
        _ = try harness.client.call("SetPasscode", [.string(SettingsHarness.app), .string("1234"), .string("four-digit")])
        _ = try harness.client.call("Lock", [.string(SettingsHarness.app)])
        try harness.startSettings()
        #expect(harness.accessibility.find("Passcode set · Locked", showing: true) != nil)

        #expect(harness.client.unlock(SettingsHarness.app, "0000").contains("WrongPasscode"))
        #expect(!harness.client.unlock(SettingsHarness.app, "0000").isEmpty)
        #expect(try harness.client.retryAfter(SettingsHarness.app) > 0, "the second wrong passcode starts the lock-out")

        let first = harness.accessibility.find("Locked out for", showing: true)
        let firstSeconds = first.flatMap(Self.secondsLeft)
        #expect(firstSeconds.map { (1...15).contains($0) } == true, "\(first ?? "no lock-out on the row")")
        try harness.screenshot("apps-locked-out")
        var later: String?
        #expect(waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(300)) {
            later = harness.accessibility.find("Locked out for", showing: true, timeout: 2)
            guard let firstSeconds, let seconds = later.flatMap(Self.secondsLeft) else { return false }
            return seconds < firstSeconds
        }, "the countdown stood still: \(first ?? "nothing"), then \(later ?? "nothing")")

        // The lock-out ends on its own: the row says Locked again, and the right passcode then unlocks.
        #expect(waitUntil(timeout: .seconds(30), pollEvery: .milliseconds(300)) {
            let row = harness.accessibility.find("Passcode set · Locked", showing: true, timeout: 2)
            return row != nil && row?.contains("Locked out") == false
        }, "\(harness.accessibility.find("Passcode set", timeout: 2) ?? "no row")")
        #expect(harness.client.unlock(SettingsHarness.app, "1234") == "")
        #expect(harness.accessibility.find("Passcode set · Unlocked", showing: true) != nil)
    }

    @Test("Recent Locks lists the failed unlocks of a locked app until its next unlock")
    func missedAttemptsInRecentLocks() throws {
        let harness = try SettingsHarness()
        _ = try harness.client.call("SetPasscode", [.string(SettingsHarness.app), .string("1234"), .string("four-digit")])
        _ = try harness.client.call("Lock", [.string(SettingsHarness.app)])
        try harness.startSettings()
        #expect(harness.accessibility.activate("Recent Locks", role: "page tab"))
        #expect(harness.accessibility.find("No failed attempts", showing: true) != nil)
        for _ in 0..<2 { #expect(harness.client.unlock(SettingsHarness.app, "0000").contains("WrongPasscode")) }
        let row = harness.accessibility.find("2 failed attempts since you last unlocked Notes", showing: true)
        #expect(row != nil)
        #expect(row?.contains("0000") == false)
        try harness.screenshot("recent-locks-missed-attempts")
        #expect(harness.client.unlock(SettingsHarness.app, "1234") == "")
        #expect(harness.accessibility.find("No failed attempts", showing: true) != nil, "the unlock clears them")
    }

    @Test("The lock-out schedule is a row per lock-out, each a duration with its unit, with buttons to add and remove one")
    func lockOutScheduleEditor() throws {
        let harness = try SettingsHarness()
        try harness.startSettings()
        #expect(harness.accessibility.activate("Security", role: "page tab"))
        #expect(harness.accessibility.find("1 minute, 5 minutes, 15 minutes, 1 hour", showing: true) != nil, "the schedule in words")
        #expect(harness.accessibility.find("Unit of Lock-Out 4") != nil, "a row for each of the four lock-outs")
        try harness.screenshot("security-lock-out-schedule")

        #expect(harness.accessibility.activate("Add Lock-Out", role: "push button"))
        #expect(waitUntil(timeout: .seconds(10)) {
            harness.text(of: harness.globalFile).contains("LockoutSchedule=60,300,900,3600,7200")
        }, "a new lock-out doubles the last: \(harness.text(of: harness.globalFile))")
        #expect(harness.accessibility.find("1 hour, 2 hours", showing: true) != nil)
        #expect(harness.accessibility.activate("Remove Lock-Out 1", role: "push button"))
        #expect(waitUntil(timeout: .seconds(10)) {
            harness.text(of: harness.globalFile).contains("LockoutSchedule=300,900,3600,7200")
        }, "\(harness.text(of: harness.globalFile))")
        #expect(waitUntil(timeout: .seconds(5)) { harness.agentPolicy("LockoutSchedule")?.arrayValue?.compactMap(\.uint32Value) == [300, 900, 3600, 7200] })
        #expect(harness.accessibility.setValue(10, of: "Lock-Out 1", role: "spin button"))
        #expect(waitUntil(timeout: .seconds(10)) {
            harness.text(of: harness.globalFile).contains("LockoutSchedule=600,900,3600,7200")
        }, "ten of the first lock-out's minutes: \(harness.text(of: harness.globalFile))")
        try harness.screenshot("security-lock-out-schedule-edited")
    }

    /// The seconds of "Locked out for M:SS" in an AT-SPI line.
    static func secondsLeft(_ line: String) -> Int? {
        guard let range = line.range(of: "Locked out for ") else { return nil }
        let clock = line[range.upperBound...].prefix { $0.isNumber || $0 == ":" }.split(separator: ":")
        guard clock.count == 2, let minutes = Int(clock[0]), let seconds = Int(clock[1]) else { return nil }
        return minutes * 60 + seconds
    }
}
