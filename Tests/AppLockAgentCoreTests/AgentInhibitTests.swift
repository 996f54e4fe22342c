import Testing
@testable import AppLockAgentCore
@testable import AppLockCore

@Suite struct AgentInhibitTests {
    @Test func inhibitedAppsIgnoreSessionIdleAndBackgroundTriggers() throws {
        var f = MachineFixture(base: policy { $0.gracePeriod = 0; $0.lockAfterIdle = 1 })
        try f.unlockedNotesWithPasscode()
        let (cookie, actions) = try f.m.inhibit(f.notes, reason: "presentation", caller: f.owner, now: t(0))
        #expect(cookie != 0)
        #expect(actions == [.propertiesChanged(f.notes)])
        #expect(f.m.snapshot(of: f.notes)?.inhibited == true)
        #expect(f.m.inhibitors(of: f.notes).map(\.reason) == ["presentation"])
        _ = f.m.session(.sessionLocked(true), now: t(1))
        _ = f.m.session(.screenSaverActive(true), now: t(1))
        _ = f.m.session(.sessionActive(false), now: t(1))
        _ = f.m.session(.idleHint(true, since: t(0)), now: t(5))
        _ = try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(6))
        _ = f.m.timerFired(now: t(100))
        #expect(f.state(f.notes) == .unlocked)
    }

    @Test func releasingTheLastInhibitorAppliesConditionsStillInForce() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        let (a, _) = try f.m.inhibit(f.notes, reason: "a", caller: f.owner, now: t(0))
        let (b, _) = try f.m.inhibit(f.notes, reason: "b", caller: f.owner, now: t(0))
        #expect(a != b)
        _ = f.m.session(.sessionLocked(true), now: t(1))
        #expect(throws: ManagerError.accessDenied) { try f.m.uninhibit(cookie: a, caller: f.other, now: t(2)) }
        #expect(throws: ManagerError.self) { try f.m.uninhibit(cookie: 9999, caller: f.owner, now: t(2)) }
        #expect(try f.m.uninhibit(cookie: a, caller: f.owner, now: t(2)) == [])
        let last = try f.m.uninhibit(cookie: b, caller: f.owner, now: t(3))
        #expect(last == [.propertiesChanged(f.notes), .stateChanged(f.notes, .locked, .sessionLock, source: "Uninhibit")])
    }

    @Test func releasingAfterIdleFiredLocksForIdleAndRestartsTheGrace() throws {
        var f = MachineFixture(base: policy { $0.gracePeriod = 30; $0.lockAfterIdle = 10 })
        try f.unlockedNotesWithPasscode()
        try f.register(f.mail)
        let (cookie, _) = try f.m.inhibit(f.mail, reason: "", caller: f.owner, now: t(0))
        _ = try f.m.reportActivity(f.mail, .background, caller: f.owner, now: t(0))
        _ = f.m.timerFired(now: t(30))
        #expect(f.state(f.mail) == .unlocked)
        _ = f.m.session(.idleHint(true, since: t(40)), now: t(40))
        _ = f.m.timerFired(now: t(50))
        #expect(f.state(f.notes) == .locked)
        #expect(f.state(f.mail) == .unlocked)
        let released = try f.m.uninhibit(cookie: cookie, caller: f.owner, now: t(60))
        #expect(stateChangeStrings(released) == ["org.example.Mail obscured idle"])
        #expect(f.m.nextDeadline == t(90), "a fresh grace period from the release")
        _ = f.m.session(.idleHint(false, since: nil), now: t(70))
        #expect(f.state(f.mail) == .unlocked, "idle was its only cause")
        #expect(stateChangeStrings(f.m.timerFired(now: t(90))) == ["org.example.Mail obscured background"])
        let fg = try f.m.reportActivity(f.mail, .foreground, caller: f.owner, now: t(91))
        #expect(stateChangeStrings(fg) == ["org.example.Mail unlocked foreground"])
    }

    @Test func policyCanForbidInhibit() throws {
        var f = MachineFixture(mandatory: MandatoryPolicy { $0.allowInhibit = false })
        try f.register(f.notes)
        #expect(throws: ManagerError.inhibitNotAllowed) { try f.m.inhibit(f.notes, reason: "", caller: f.owner, now: t(0)) }
    }

    @Test func newPolicyForbiddingInhibitDropsInhibitors() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        _ = try f.m.inhibit(f.notes, reason: "", caller: f.owner, now: t(0))
        _ = f.m.session(.screenSaverActive(true), now: t(1))
        let actions = f.m.policiesChanged(PolicySet(base: policy { $0.allowInhibit = false }), now: t(2))
        #expect(f.m.snapshot(of: f.notes)?.inhibited == false)
        #expect(stateChangeStrings(actions) == ["org.example.Notes locked screensaver"])
    }

    @Test func atMost64InhibitorsPerApp() throws {
        var f = MachineFixture()
        try f.register(f.notes)
        for _ in 0..<Limits.maxInhibitorsPerApp { _ = try f.m.inhibit(f.notes, reason: "", caller: f.owner, now: t(0)) }
        #expect(throws: ManagerError.self) { try f.m.inhibit(f.notes, reason: "", caller: f.owner, now: t(0)) }
    }
}
