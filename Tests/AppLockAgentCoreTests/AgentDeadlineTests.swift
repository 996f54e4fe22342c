import Testing
@testable import AppLockAgentCore
@testable import AppLockCore

@Suite struct AgentDeadlineTests {
    @Test func idleLocksLockAfterIdleSecondsAfterIdleSinceHint() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        try f.register(f.mail)
        let start = f.m.session(.idleHint(true, since: t(100)), now: t(160))
        #expect(start == [.sessionStateChanged(.idle), .rescheduleTimer(t(400))])
        #expect(f.m.nextDeadline == t(400))
        #expect(f.m.timerFired(now: t(399)) == [])
        let fired = f.m.timerFired(now: t(400))
        #expect(stateChangeStrings(fired) == ["org.example.Mail obscured idle", "org.example.Notes locked idle"])
        #expect(fired.last == .rescheduleTimer(nil))
        #expect(f.m.timerFired(now: t(800)) == [], "fires once per idle spell")
        let back = f.m.session(.idleHint(false, since: nil), now: t(900))
        #expect(back.first == .sessionStateChanged(.active))
        #expect(stateChangeStrings(back) == ["org.example.Mail unlocked unlock"])
        #expect(f.state(f.notes) == .locked)
    }

    @Test func idleThatStartedLongAgoLocksAtOnce() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        let actions = f.m.session(.idleHint(true, since: t(0)), now: t(1000))
        #expect(stateChangeStrings(actions) == ["org.example.Notes locked idle"])
    }

    @Test func idleSinceZeroCountsFromNow() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        _ = f.m.session(.idleHint(true, since: 0), now: t(10))
        #expect(f.state(f.notes) == .unlocked)
        #expect(f.m.nextDeadline == t(310))
    }

    @Test func lockAfterIdleZeroMeansNever() throws {
        var f = MachineFixture(base: policy { $0.lockAfterIdle = 0 })
        try f.unlockedNotesWithPasscode()
        #expect(f.m.session(.presenceIdle(true), now: t(0)) == [.sessionStateChanged(.idle)])
        #expect(f.m.nextDeadline == nil)
        #expect(stateChanges(f.m.timerFired(now: t(100_000))).isEmpty)
    }

    @Test func presenceIdleCountsFromWhenItArrives() throws {
        var f = MachineFixture(base: policy { $0.lockAfterIdle = 10 })
        try f.unlockedNotesWithPasscode()
        _ = f.m.session(.presenceIdle(true), now: t(50))
        #expect(f.m.nextDeadline == t(60))
        _ = f.m.session(.idleHint(true, since: t(45)), now: t(52))
        #expect(f.m.nextDeadline == t(55), "the earlier idle start wins")
        _ = f.m.session(.presenceIdle(false), now: t(53))
        #expect(f.m.sessionState == .idle, "logind still says idle")
    }

    @Test func graceDeadlineLocksAfterBackground() throws {
        var f = MachineFixture(base: policy { $0.gracePeriod = 60 })
        try f.unlockedNotesWithPasscode()
        try f.register(f.mail)
        let bg = try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(10))
        #expect(bg == [.rescheduleTimer(t(70))])
        _ = try f.m.reportActivity(f.mail, .background, caller: f.owner, now: t(20))
        #expect(f.m.nextDeadline == t(70))
        #expect(try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(30)) == [], "does not restart the grace")
        let fired = f.m.timerFired(now: t(70))
        #expect(fired == [.stateChanged(f.notes, .locked, .background, source: "grace-period"), .rescheduleTimer(t(80))])
        #expect(stateChangeStrings(f.m.timerFired(now: t(80))) == ["org.example.Mail obscured background"])
        let fg = try f.m.reportActivity(f.mail, .foreground, caller: f.owner, now: t(90))
        #expect(stateChangeStrings(fg) == ["org.example.Mail unlocked foreground"])
        _ = try f.m.reportActivity(f.notes, .foreground, caller: f.owner, now: t(90))
        #expect(f.state(f.notes) == .locked)
    }

    @Test func foregroundCancelsThePendingGrace() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        _ = try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(0))
        #expect(try f.m.reportActivity(f.notes, .foreground, caller: f.owner, now: t(30)) == [.rescheduleTimer(nil)])
        #expect(f.m.timerFired(now: t(60)) == [])
        #expect(f.state(f.notes) == .unlocked)
    }

    @Test func gracePeriodZeroLocksAtOnce() throws {
        var f = MachineFixture(base: policy { $0.gracePeriod = 0 })
        try f.unlockedNotesWithPasscode()
        let bg = try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(0))
        #expect(bg == [.stateChanged(f.notes, .locked, .background, source: "grace-period")])
    }

    @Test func obscureInBackgroundObscuresAtOnceThenLocksAfterGrace() throws {
        var f = MachineFixture(base: policy { $0.obscureInBackground = true; $0.gracePeriod = 5 })
        try f.unlockedNotesWithPasscode()
        let bg = try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(0))
        #expect(bg == [.stateChanged(f.notes, .obscured, .background, source: "ReportActivity"), .rescheduleTimer(t(5))])
        #expect(stateChangeStrings(f.m.timerFired(now: t(5))) == ["org.example.Notes locked background"])
    }

    @Test func shorterGraceFromNewPolicyFiresAtOnce() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        _ = try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(0))
        let actions = f.m.policiesChanged(PolicySet(base: policy { $0.gracePeriod = 10 }), now: t(30))
        #expect(actions.first == .propertiesChanged(f.notes))
        #expect(stateChangeStrings(actions) == ["org.example.Notes locked background"])
        #expect(f.m.snapshot(of: f.notes)?.policy.gracePeriod == 10)
        #expect(f.m.policiesChanged(PolicySet(base: policy { $0.gracePeriod = 10 }), now: t(31)) == [])
    }
}

/// Grace periods and idle limits run on boot time; lock-out ends on the wall clock (SPEC "Time").
@Suite struct AgentClockTests {
    @Test func settingTheWallClockMovesNoGracePeriod() throws {
        var f = MachineFixture(base: policy { $0.gracePeriod = 60 })
        try f.unlockedNotesWithPasscode(now: t(0))
        #expect(try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(10)) == [.rescheduleTimer(t(70))])
        // The wall clock jumps an hour ahead; only 5 s passed since boot: nothing is due.
        #expect(f.m.timerFired(now: at(wall: 3_615, boot: 15)) == [])
        #expect(f.state(f.notes) == .unlocked)
        // Time in suspend counts: boot time reaches the deadline while the wall clock was set back.
        let fired = f.m.timerFired(now: at(wall: 5, boot: 70))
        #expect(stateChangeStrings(fired) == ["org.example.Notes locked background"])
    }

    @Test func anIdleLimitStartsFromLogindsWallClockHintOnTheBootClock() throws {
        var f = MachineFixture(base: policy { $0.lockAfterIdle = 300 })
        try f.unlockedNotesWithPasscode(now: at(wall: 1_000, boot: 100))
        // logind says idle since wall 900 (100 s ago): the limit ends at boot 100 - 100 + 300.
        _ = f.m.session(.idleHint(true, since: t(900)), now: at(wall: 1_000, boot: 100))
        #expect(f.m.nextDeadline == t(300))
        #expect(f.m.timerFired(now: at(wall: 99_999, boot: 299)) == [], "a wall-clock jump does not end it")
        #expect(stateChangeStrings(f.m.timerFired(now: at(wall: 1_200, boot: 300))) == ["org.example.Notes locked idle"])
    }

    @Test func aLockOutEndsOnTheWallClockWhateverBootTimeSays() throws {
        var f = MachineFixture()
        try f.register(f.notes, passcode: .fourDigit)
        _ = try f.fail(f.notes, times: 6, now: at(wall: 0, boot: 0))
        #expect(f.m.nextLockoutEnd == t(60))
        #expect(throws: ManagerError.lockedOut(seconds: 60)) { try f.m.beginAttempt(f.notes, now: at(wall: 0, boot: 3_600)) }
        _ = try f.m.beginAttempt(f.notes, now: at(wall: 60, boot: 1))
    }
}
