import Testing
@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol

/// Screen sharing or recording (`ReportScreenShare`, policy key `LockOnScreenShare`).
@Suite struct AgentScreenShareTests {
    static let shell = ":1.5"
    static let stranger = ":1.99"

    /// Notes (with a passcode, unlocked) and Mail (no passcode), each with its own `LockOnScreenShare`.
    static func fixture(notes: ScreenShareRule? = nil, mail: ScreenShareRule? = nil) throws -> MachineFixture {
        var f = MachineFixture()
        f = MachineFixture(perApp: [
            f.notes: policy { $0.lockOnScreenShare = notes },
            f.mail: policy { $0.lockOnScreenShare = mail },
        ])
        try f.unlockedNotesWithPasscode()
        try f.register(f.mail)
        return f
    }

    @Test func sharingObscuresByDefaultAndEndingBringsTheAppsBack() throws {
        var f = try Self.fixture()
        let started = try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(1))
        #expect(stateChangeStrings(started) == [
            "org.example.Mail obscured screen-share", "org.example.Notes obscured screen-share",
        ])
        #expect(f.m.screenShared && started.contains(.screenSharedChanged(true)))
        #expect(try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(2)) == [],
                "a repeated report changes nothing")
        let ended = try f.m.screenShare(false, reporter: Self.shell, source: "gnome-shell", now: t(3))
        #expect(stateChangeStrings(ended) == ["org.example.Mail unlocked unlock", "org.example.Notes unlocked unlock"])
        #expect(!f.m.screenShared && ended.contains(.screenSharedChanged(false)))
    }

    @Test func lockLocksAnAppWithAPasscodeUntilItIsUnlocked() throws {
        var f = try Self.fixture(notes: .lock, mail: .lock)
        let started = try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(1))
        #expect(stateChangeStrings(started) == [
            "org.example.Mail obscured screen-share", "org.example.Notes locked screen-share",
        ])
        let ended = try f.m.screenShare(false, reporter: Self.shell, source: "gnome-shell", now: t(2))
        #expect(stateChangeStrings(ended) == ["org.example.Mail unlocked unlock"], "a lock stays until Unlock")
        #expect(f.state(f.notes) == .locked)
    }

    @Test func offLeavesTheAppAlone() throws {
        var f = try Self.fixture(notes: .off, mail: .off)
        #expect(stateChanges(try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(1))).isEmpty)
        #expect(f.state(f.notes) == .unlocked && f.state(f.mail) == .unlocked)
    }

    @Test func aLockedAppStaysLockedThroughSharingAndItsEnd() throws {
        var f = try Self.fixture()
        _ = try f.m.lock(f.notes, now: t(1))
        _ = try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(2))
        #expect(f.state(f.notes) == .locked)
        _ = try f.m.screenShare(false, reporter: Self.shell, source: "gnome-shell", now: t(3))
        #expect(f.state(f.notes) == .locked && f.reason(f.notes) == .manual)
    }

    @Test func anUnlockWhileSharingLeavesTheAppObscuredUntilSharingEnds() throws {
        var f = try Self.fixture()
        _ = try f.m.lock(f.notes, now: t(1))
        _ = try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(2))
        let ticket = try f.m.beginAttempt(f.notes, now: t(3))
        _ = f.m.finishAttempt(ticket, outcome: .verified, purpose: .unlock, now: t(3))
        #expect(f.state(f.notes) == .obscured, "the screen is still shared")
        _ = try f.m.screenShare(false, reporter: Self.shell, source: "gnome-shell", now: t(4))
        #expect(f.state(f.notes) == .unlocked)
    }

    @Test func anotherConnectionsEndWithdrawsNothingAndUnlocksNothing() throws {
        var f = try Self.fixture(notes: .lock)
        _ = try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(1))
        #expect(try f.m.screenShare(false, reporter: Self.stranger, source: "gnome-shell", now: t(2)) == [])
        #expect(f.m.screenShared)
        #expect(f.state(f.mail) == .obscured && f.state(f.notes) == .locked)
    }

    @Test func sharingLastsWhileAnyReporterSaysSoAndEndsWhenItsReporterLeavesTheBus() throws {
        var f = try Self.fixture()
        _ = try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(1))
        _ = try f.m.screenShare(true, reporter: Self.stranger, source: "pipewire", now: t(2))
        #expect(stateChanges(try f.m.screenShare(false, reporter: Self.shell, source: "gnome-shell", now: t(3))).isEmpty)
        #expect(f.state(f.mail) == .obscured)
        let left = f.m.peerLeft(Self.stranger, now: t(4))
        #expect(stateChangeStrings(left) == ["org.example.Mail unlocked unlock", "org.example.Notes unlocked unlock"])
    }

    @Test func anAppRegisteredWhileSharingStartsObscured() throws {
        var f = MachineFixture()
        _ = try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(1))
        let registered = try f.register(f.mail, now: t(2))
        #expect(stateChangeStrings(registered) == ["org.example.Mail obscured screen-share"])
    }

    @Test func anInhibitedAppIsLeftAloneUntilItsInhibitorGoes() throws {
        var f = try Self.fixture()
        let (cookie, _) = try f.m.inhibit(f.mail, reason: "presenting", caller: f.owner, now: t(0))
        let started = try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(1))
        #expect(stateChangeStrings(started) == ["org.example.Notes obscured screen-share"])
        let released = try f.m.uninhibit(cookie: cookie, caller: f.owner, now: t(2))
        #expect(stateChangeStrings(released) == ["org.example.Mail obscured screen-share"])
    }

    @Test func aStricterRuleAppliesAtOnceAndOffUncoversWhatSharingCovered() throws {
        var f = try Self.fixture()
        _ = try f.m.screenShare(true, reporter: Self.shell, source: "gnome-shell", now: t(1))
        let stricter = f.m.policiesChanged(PolicySet(perApp: [f.notes: policy { $0.lockOnScreenShare = .lock }]), now: t(2))
        #expect(stateChangeStrings(stricter).contains("org.example.Notes locked screen-share"))
        let off = f.m.policiesChanged(PolicySet(base: policy { $0.lockOnScreenShare = .off }), now: t(3))
        #expect(stateChangeStrings(off) == ["org.example.Mail unlocked unlock"], "the lock sharing caused stays")
        #expect(f.state(f.notes) == .locked)
    }

    @Test(arguments: ["", "gnome shell", String(repeating: "x", count: 65), "gnome-shell\u{7F}"])
    func aMalformedSourceIsRefusedAndChangesNothing(_ source: String) throws {
        var f = try Self.fixture()
        let before = f.m
        #expect(throws: ManagerError.self) { try f.m.screenShare(true, reporter: Self.shell, source: source, now: t(1)) }
        #expect(f.m == before)
    }
}
