import Testing
@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol

@Suite struct AgentTriggerTests {

    /// Each session trigger, the policy key that turns it off, and the reason it gives.
    static let triggers: [(String, SessionEvent, SessionEvent, LockReason, SessionState)] = [
        ("LockOnSessionLock", .sessionLocked(true), .sessionLocked(false), .sessionLock, .locked),
        ("LockOnScreenSaver", .screenSaverActive(true), .screenSaverActive(false), .screensaver, .screensaver),
        ("LockOnSessionSwitch", .sessionActive(false), .sessionActive(true), .sessionSwitch, .inactive),
    ]

    static func disabling(_ key: String) -> PolicyOverrides {
        var o = PolicyOverrides()
        switch key {
        case "LockOnSessionLock": o.lockOnSessionLock = false
        case "LockOnScreenSaver": o.lockOnScreenSaver = false
        default: o.lockOnSessionSwitch = false
        }
        return o
    }

    @Test(arguments: 0..<3)
    func sessionTriggerLocksPasscodeAppsAndObscuresOthers(_ index: Int) throws {
        let (_, on, off, reason, sessionState) = Self.triggers[index]
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        try f.register(f.mail)
        let actions = f.m.session(on, now: t(1))
        #expect(actions.first == .sessionStateChanged(sessionState))
        #expect(stateChanges(actions).map { "\($0.0) \($0.1) \($0.2)" } == [
            "org.example.Mail obscured \(reason)", "org.example.Notes locked \(reason)",
        ])
        #expect(f.m.sessionState == sessionState)
        #expect(f.m.session(on, now: t(2)) == [], "a repeated signal changes nothing")
        let ended = f.m.session(off, now: t(3))
        #expect(ended.first == .sessionStateChanged(.active))
        #expect(stateChangeStrings(ended) == ["org.example.Mail unlocked unlock"])
        #expect(f.state(f.notes) == .locked, "a lock stays until Unlock")
    }

    @Test(arguments: 0..<3)
    func policyKeyTurnsTheTriggerOff(_ index: Int) throws {
        let (key, on, _, _, _) = Self.triggers[index]
        var f = MachineFixture(base: Self.disabling(key))
        try f.unlockedNotesWithPasscode()
        try f.register(f.mail)
        #expect(stateChanges(f.m.session(on, now: t(1))).isEmpty)
        #expect(f.state(f.notes) == .unlocked)
    }

    @Test func perAppPolicyApplies() throws {
        var f = MachineFixture()
        f = MachineFixture(perApp: [f.mail: policy { $0.lockOnScreenSaver = false }])
        try f.register(f.notes)
        try f.register(f.mail)
        #expect(stateChangeStrings(f.m.session(.screenSaverActive(true), now: t(1))) == ["org.example.Notes obscured screensaver"])
    }

    @Test func overlappingObscureCausesClearOnlyWhenAllEnd() throws {
        var f = MachineFixture()
        try f.register(f.notes)
        _ = f.m.session(.screenSaverActive(true), now: t(1))
        _ = f.m.session(.sessionLocked(true), now: t(2))
        #expect(f.m.sessionState == .locked)
        #expect(f.reason(f.notes) == .screensaver)
        #expect(stateChanges(f.m.session(.sessionLocked(false), now: t(3))).isEmpty)
        #expect(f.state(f.notes) == .obscured)
        #expect(f.m.sessionState == .screensaver)
        #expect(stateChangeStrings(f.m.session(.screenSaverActive(false), now: t(4))) == ["org.example.Notes unlocked unlock"])
    }

    @Test func manualLockOverridesInhibitorsAndObscuresUntilForeground() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        try f.register(f.mail)
        _ = try f.m.inhibit(f.notes, reason: "video call", caller: f.owner, now: t(1))
        #expect(try f.m.lock(f.notes, now: t(2)) == [.stateChanged(f.notes, .locked, .manual, source: "Lock")])
        let all = f.m.lockAll(now: t(3))
        #expect(all == [.stateChanged(f.mail, .obscured, .manual, source: "LockAll")])
        let fg = try f.m.reportActivity(f.mail, .foreground, caller: f.owner, now: t(4))
        #expect(fg == [.stateChanged(f.mail, .unlocked, .foreground, source: "ReportActivity")])
        #expect(f.state(f.notes) == .locked)
    }

    @Test func aLockWinsOverAnObscureAndUnlockLeavesRemainingObscures() throws {
        var f = MachineFixture(base: policy { $0.obscureInBackground = true })
        try f.unlockedNotesWithPasscode()
        _ = try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(1))
        #expect(f.state(f.notes) == .obscured)
        #expect(f.reason(f.notes) == .background)
        _ = f.m.session(.sessionLocked(true), now: t(2))
        #expect(f.state(f.notes) == .locked)
        #expect(f.reason(f.notes) == .sessionLock)
        let ticket = try f.m.beginAttempt(f.notes, now: t(3))
        let result = f.m.finishAttempt(ticket, outcome: .verified, purpose: .unlock, now: t(3))
        #expect(result.answer == .unlocked)
        #expect(stateChangeStrings(result.actions) == ["org.example.Notes obscured unlock"], "screen still locked")
        _ = f.m.session(.sessionLocked(false), now: t(4))
        #expect(f.state(f.notes) == .obscured, "still in the background")
        let fg = try f.m.reportActivity(f.notes, .foreground, caller: f.owner, now: t(5))
        #expect(stateChangeStrings(fg) == ["org.example.Notes unlocked foreground"])
    }

    @Test func sessionStatePrecedence() {
        var m = AgentStateMachine()
        #expect(m.sessionState == .active)
        #expect(m.session(.presenceIdle(true), now: t(0)) == [.sessionStateChanged(.idle)])
        #expect(m.session(.sessionActive(false), now: t(1)) == [.sessionStateChanged(.inactive)])
        #expect(m.session(.screenSaverActive(true), now: t(2)) == [.sessionStateChanged(.screensaver)])
        #expect(m.session(.sessionLocked(true), now: t(3)) == [.sessionStateChanged(.locked)])
        #expect(m.session(.prepareForShutdown(true), now: t(4)) == [.sessionStateChanged(.suspending)])
        #expect(m.session(.prepareForShutdown(false), now: t(5)) == [.sessionStateChanged(.locked)])
        #expect(m.session(.sessionActive(true), now: t(6)) == [])
        #expect(m.session(.sessionLocked(false), now: t(7)) == [.sessionStateChanged(.screensaver)])
        #expect(m.session(.screenSaverActive(false), now: t(8)) == [.sessionStateChanged(.idle)])
        #expect(m.session(.presenceIdle(false), now: t(9)) == [.sessionStateChanged(.active)])
    }
}
