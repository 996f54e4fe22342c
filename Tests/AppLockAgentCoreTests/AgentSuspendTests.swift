import Testing
@testable import AppLockAgentCore
@testable import AppLockCore

@Suite struct AgentSuspendTests {
    @Test func suspendLocksEveryAppThenReleasesTheInhibitorLast() throws {
        var f = MachineFixture()
        let kept = appID("org.example.Kept")
        f = MachineFixture(perApp: [kept: policy { $0.lockOnSuspend = false }])
        try f.unlockedNotesWithPasscode()
        try f.register(f.mail)
        try f.register(kept)
        _ = try f.m.inhibit(f.notes, reason: "x", caller: f.owner, now: t(0))
        let actions = f.m.session(.prepareForSleep(true), now: t(1))
        #expect(actions == [
            .sessionStateChanged(.suspending),
            .stateChanged(f.mail, .obscured, .suspend, source: "logind"),
            .stateChanged(f.notes, .locked, .suspend, source: "logind"),
            .releaseSleepInhibitor,
        ])
        #expect(f.state(kept) == .unlocked)
    }

    @Test func resumeFiresDeadlinesThatPassedFirstThenTakesTheInhibitor() throws {
        var f = MachineFixture(base: policy { $0.lockOnSuspend = false })
        try f.unlockedNotesWithPasscode()
        try f.register(f.mail)
        _ = try f.m.reportActivity(f.notes, .background, caller: f.owner, now: t(0))
        #expect(f.m.session(.prepareForSleep(true), now: t(1)) == [.sessionStateChanged(.suspending), .releaseSleepInhibitor])
        let actions = f.m.session(.prepareForSleep(false), now: t(3600))
        #expect(actions == [
            .stateChanged(f.notes, .locked, .background, source: "grace-period"),
            .sessionStateChanged(.active),
            .rescheduleTimer(nil),
            .acquireSleepInhibitor,
        ])
    }

    @Test func resumeClearsSuspendObscuresButKeepsLocks() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        try f.register(f.mail)
        _ = f.m.session(.prepareForSleep(true), now: t(1))
        let actions = f.m.session(.prepareForSleep(false), now: t(2))
        #expect(actions == [
            .sessionStateChanged(.active),
            .stateChanged(f.mail, .unlocked, .unlock, source: "logind"),
            .acquireSleepInhibitor,
        ])
        #expect(f.state(f.notes) == .locked)
    }

    @Test func mandatoryRequireLockOnSuspendOverridesTheUser() throws {
        var f = MachineFixture(base: policy { $0.lockOnSuspend = false },
                               mandatory: MandatoryPolicy { $0.lockOnSuspend = true })
        try f.unlockedNotesWithPasscode()
        _ = f.m.session(.prepareForSleep(true), now: t(1))
        #expect(f.state(f.notes) == .locked)
        #expect(f.reason(f.notes) == .suspend)
    }

    @Test func registeringWhileSuspendingLocks() throws {
        var f = MachineFixture(base: policy { $0.lockOnLaunch = false })
        _ = f.m.session(.prepareForSleep(true), now: t(1))
        try f.register(f.notes, passcode: .fourDigit, now: t(2))
        #expect(f.state(f.notes) == .locked)
        #expect(f.reason(f.notes) == .suspend)
    }

    @Test func shutdownLocksLikeSuspend() throws {
        var f = MachineFixture()
        try f.unlockedNotesWithPasscode()
        _ = try f.m.inhibit(f.notes, reason: "x", caller: f.owner, now: t(0))
        let actions = f.m.session(.prepareForShutdown(true), now: t(1))
        #expect(actions == [.sessionStateChanged(.suspending), .stateChanged(f.notes, .locked, .shutdown, source: "logind")])
    }
}
