import Testing
@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol

@Suite struct AgentRegistrationTests {
    @Test func appWithoutPasscodeRegistersUnlocked() throws {
        var f = MachineFixture()
        let actions = try f.register(f.notes)
        #expect(actions == [.appAdded(f.notes), .stateChanged(f.notes, .unlocked, .launch, source: "register")])
        let s = try #require(f.m.snapshot(of: f.notes))
        #expect(s.state == .unlocked && s.reason == .launch && s.owner == f.owner && s.registered && !s.hasPasscode)
        #expect(f.m.knownApps == [f.notes])
        #expect(f.m.apps(ownedBy: f.owner) == [f.notes])
    }

    @Test func appWithPasscodeRegistersLockedWhenLockOnLaunch() throws {
        var f = MachineFixture()
        let added = f.m.passcodeStored(f.notes, kind: .sixDigit, now: t(0))
        #expect(added == [.appAdded(f.notes)])
        #expect(f.m.snapshot(of: f.notes)?.registered == false)
        let actions = try f.register(f.notes)
        #expect(actions == [.propertiesChanged(f.notes), .stateChanged(f.notes, .locked, .launch, source: "register")])
        #expect(f.m.snapshot(of: f.notes)?.passcodeKind == .sixDigit)
    }

    @Test func lockOnLaunchFalseRegistersUnlocked() throws {
        var f = MachineFixture(base: policy { $0.lockOnLaunch = false })
        try f.register(f.notes, passcode: .fourDigit)
        #expect(f.state(f.notes) == .unlocked)
        #expect(f.reason(f.notes) == .launch)
    }

    @Test func registeringWhileTheSessionIsLockedAppliesIt() throws {
        var f = MachineFixture()
        _ = f.m.session(.sessionLocked(true), now: t(0))
        let actions = try f.register(f.notes)
        #expect(stateChangeStrings(actions) == ["org.example.Notes obscured session-lock"])
        try f.register(f.mail, passcode: .fourDigit)
        #expect(f.state(f.mail) == .locked)
        #expect(f.reason(f.mail) == .launch)
        _ = f.m.session(.sessionLocked(false), now: t(1))
        #expect(f.state(f.notes) == .unlocked)
        #expect(f.reason(f.notes) == .unlock)
        #expect(f.state(f.mail) == .locked)
    }

    @Test func ownershipIsEnforcedAndErrorsChangeNothing() throws {
        var f = MachineFixture()
        try f.register(f.notes)
        let before = f.m
        #expect(throws: ManagerError.alreadyRegistered) { try f.m.register(f.notes, owner: f.other, now: t(1)) }
        #expect(throws: ManagerError.accessDenied) { try f.m.unregister(f.notes, caller: f.other, now: t(1)) }
        #expect(throws: ManagerError.notRegistered) { try f.m.unregister(f.mail, caller: f.owner, now: t(1)) }
        #expect(throws: ManagerError.accessDenied) { try f.m.reportActivity(f.notes, .background, caller: f.other, now: t(1)) }
        #expect(throws: ManagerError.notRegistered) { try f.m.reportActivity(f.mail, .background, caller: f.owner, now: t(1)) }
        #expect(throws: ManagerError.accessDenied) { try f.m.inhibit(f.notes, reason: "x", caller: f.other, now: t(1)) }
        #expect(throws: ManagerError.unknownApplication) { try f.m.lock(f.mail, now: t(1)) }
        #expect(throws: ManagerError.unknownApplication) { try f.m.beginAttempt(f.mail, now: t(1)) }
        #expect(throws: ManagerError.noPasscode) { try f.m.beginAttempt(f.notes, now: t(1)) }
        #expect(throws: ManagerError.invalidArgument("the owner's bus name must not be empty")) {
            try f.m.register(f.mail, owner: "", now: t(1))
        }
        #expect(f.m == before)
        #expect(try f.m.register(f.notes, owner: f.owner, now: t(1)) == [], "re-registering from the owner is a no-op")
    }

    @Test func unregisterRemovesAnAppWithoutPasscodeAndKeepsOneWithPasscode() throws {
        var f = MachineFixture()
        try f.register(f.notes)
        try f.unlockedNotesWithPasscodeOn(f.mail)
        #expect(try f.m.unregister(f.notes, caller: f.owner, now: t(1)) == [.appRemoved(f.notes)])
        let actions = try f.m.unregister(f.mail, caller: f.owner, now: t(1))
        #expect(actions == [.propertiesChanged(f.mail), .stateChanged(f.mail, .locked, .launch, source: "unregister")])
        #expect(f.m.knownApps == [f.mail])
        #expect(f.m.snapshot(of: f.mail)?.registered == false)
    }

    @Test func peerLeftDropsRegistrationsAndInhibitors() throws {
        var f = MachineFixture()
        try f.register(f.notes)
        try f.register(f.mail, passcode: .fourDigit)
        try f.register(appID("org.example.Kept"), owner: f.other)
        _ = try f.m.inhibit(f.notes, reason: "presenting", caller: f.owner, now: t(0))
        let actions = f.m.peerLeft(f.owner, now: t(1))
        #expect(actions.contains(.appRemoved(f.notes)))
        #expect(actions.contains(.propertiesChanged(f.mail)))
        #expect(f.m.knownApps == [appID("org.example.Kept"), f.mail])
        #expect(f.m.apps(ownedBy: f.owner) == [])
        #expect(f.m.inhibitors(of: f.notes).isEmpty)
        #expect(f.m.peerLeft(":1.99", now: t(2)) == [])
        try f.register(f.notes, owner: f.other, now: t(3))
        #expect(f.m.snapshot(of: f.notes)?.inhibited == false)
    }

    @Test func aConnectionMayRegisterAtMost256Apps() throws {
        var f = MachineFixture()
        for i in 0..<Limits.maxAppsPerConnection { try f.register(appID("org.example.App\(i)")) }
        #expect(throws: ManagerError.self) { try f.m.register(appID("org.example.OneTooMany"), owner: f.owner, now: t(0)) }
        try f.register(appID("org.example.OneTooMany"), owner: f.other)
    }
}

extension MachineFixture {
    /// Registers `app` with a passcode and unlocks it.
    mutating func unlockedNotesWithPasscodeOn(_ app: AppID, now: AgentTime = t(0)) throws {
        try register(app, passcode: .fourDigit, now: now)
        let ticket = try m.beginAttempt(app, now: now)
        precondition(m.finishAttempt(ticket, outcome: .verified, purpose: .unlock, now: now).answer == .unlocked)
    }
}
