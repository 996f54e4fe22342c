import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// ConfirmPolicyWithSystemAuthentication end to end: the real `applockd`, python-dbusmock's polkitd on a private
/// system bus, a real gnome-keyring, `dbus-send`. Notes and Mail both have a passcode and a weakening held.
@Suite("Policy confirmation with system authentication", .serialized)
struct PolicyConfirmationWithSystemAuthenticationTests {
    typealias Fixture = SystemAuthenticationTests.Fixture
    static let notes = SystemAuthenticationTests.notes
    static let mail = "org.example.Mail"
    static let changeAction = "io.github.applock.change-protection"
    static let confirm = "ConfirmPolicyWithSystemAuthentication"

    /// Notes (locked) and Mail with passcodes; their files ask for a longer GracePeriod and more attempts (Notes)
    /// and a longer GracePeriod (Mail), and the agent holds both.
    static func heldFixture(allowed: [String]) throws -> Fixture {
        let f = try Fixture(allowed: allowed)
        try f.app.call("SetPasscode", [.string(mail), .string("24681357"), .string("numeric")])
        try f.environment.writeAppPolicy(notes, "GracePeriod=86400\nMaxFailedAttempts=1000\n")
        try f.environment.writeAppPolicy(mail, "GracePeriod=86400\n")
        try f.app.call("ReloadPolicy")
        try #require(PasscodeTests.held(f.app) == [notes: ["GracePeriod", "MaxFailedAttempts"], mail: ["GracePeriod"]])
        return f
    }

    /// The held fixture with polkit allowing change-protection but holding its answer, and `dbus-send` asking to
    /// confirm Notes' change, once polkit has been asked.
    static func confirmationWaitingForPolkit() throws -> (Fixture, BackgroundCommand) {
        let f = try heldFixture(allowed: [changeAction])
        try f.environment.setPolkitHanging(true)
        let caller = try f.dbusSendInBackground(confirm)
        try #require(try f.waitForCheck())
        return (f, caller)
    }

    @Test("allowed: polkit is asked for change-protection with the caller's process and no details; only that app's change applies, the app stays locked")
    func allowedAppliesOnlyThatAppsChange() throws {
        let (f, caller) = try Self.confirmationWaitingForPolkit()
        let check = try #require(try f.checks().first)
        let expected = SystemAuthenticationTests.expectedCheck(Self.changeAction, pid: caller.pid)
        #expect(check.hasPrefix(expected), "\(check)")
        #expect(try f.app.policy(Self.notes, "GracePeriod")?.uint32Value == 60, "nothing applies while polkit asks")

        try f.environment.releasePolkitAnswers()
        let result = try #require(caller.result(timeout: .seconds(20)))
        #expect(result.succeeded, "\(result.stderr)")
        #expect(try f.app.policy(Self.notes, "GracePeriod")?.uint32Value == 86400)
        #expect(try f.app.policy(Self.notes, "MaxFailedAttempts")?.uint32Value == 1000)
        #expect(PasscodeTests.held(f.app) == [Self.mail: ["GracePeriod"]], "Mail's change is still held")
        #expect(try f.app.policy(Self.mail, "GracePeriod")?.uint32Value == 60)
        #expect(try f.app.state(Self.notes) == "locked", "confirming a change unlocks nothing")
        #expect(try f.app.failedAttempts(Self.notes) == 0)
        #expect(f.harness.agent.logText().contains("policy change confirmed with system authentication"))
    }

    @Test("denied, or authorized only for unlock and reset: NotAuthorized, every change still held, nothing counted")
    func deniedKeepsEverythingHeld() throws {
        let f = try Self.heldFixture(allowed: ["io.github.applock.unlock", "io.github.applock.reset-passcode"])
        #expect(f.outcome(Self.confirm) == "NotAuthorized")
        #expect(f.app.outcome(Self.confirm, [.string(Self.mail)]) == "NotAuthorized")
        #expect(PasscodeTests.held(f.app) == [Self.notes: ["GracePeriod", "MaxFailedAttempts"], Self.mail: ["GracePeriod"]])
        #expect(try f.app.policy(Self.notes, "MaxFailedAttempts")?.uint32Value == 5)
        #expect(try f.app.failedAttempts(Self.notes) == 0)
        #expect(try f.checks().allSatisfy { $0.contains("'\(Self.changeAction)'") })
        #expect(f.app.outcome(Self.confirm, [.string("org.example.Nobody")]) == "UnknownApplication")
        #expect(f.app.outcome(Self.confirm, [.string("not an app id")]) == "InvalidArgument")
    }

    @Test("the files change while polkit asks: PolicyChanged, the new weakening is held and nothing is confirmed")
    func filesChangedMeanwhileConfirmNothing() throws {
        let (f, caller) = try Self.confirmationWaitingForPolkit()
        try f.environment.writeAppPolicy(Self.notes, "GracePeriod=86400\nMaxFailedAttempts=1000\nLockOnSessionLock=false\n")
        try f.environment.releasePolkitAnswers()
        let result = try #require(caller.result(timeout: .seconds(20)))
        #expect(result.stderr.contains(SystemAuthenticationTests.error + "PolicyChanged"), "\(result.stderr)")
        #expect(PasscodeTests.held(f.app)[Self.notes] == ["LockOnSessionLock", "GracePeriod", "MaxFailedAttempts"])
        #expect(try f.app.policy(Self.notes, "GracePeriod")?.uint32Value == 60)
        #expect(try f.app.policy(Self.notes, "LockOnSessionLock")?.boolValue == true)
    }

    @Test("confirmed with system authentication, a change is sealed only with the passcode: before it was entered, a restart holds the change again")
    func systemAuthenticationConfirmationIsSealedWithThePasscode() throws {
        let f = try Self.heldFixture(allowed: [Self.changeAction])
        func restart() throws -> AgentClient {
            try f.harness.agent.restart()
            try f.harness.agent.waitUntilServing(timeout: .seconds(20))
            let client = try f.harness.client()
            _ = try client.register(Self.notes)
            return client
        }
        // After a restart the agent holds no sealing key: the confirmation holds in memory only.
        var client = try restart()
        #expect(client.outcome(Self.confirm, [.string(Self.notes)]) == "")
        #expect(PasscodeTests.held(client)[Self.notes] == nil)
        #expect(try client.policy(Self.notes, "GracePeriod")?.uint32Value == 86400)
        #expect(f.harness.agent.logText().contains("it is sealed when the passcode is next entered"))
        client = try restart()
        try client.call("Unlock", [.string(Self.notes), .string(SystemAuthenticationTests.passcode)])
        #expect(PasscodeTests.held(client)[Self.notes] == ["GracePeriod", "MaxFailedAttempts"],
                "the sealed policy is the one before the confirmation")

        // With the passcode entered in this run, the confirmation is sealed at once and verified after a restart.
        #expect(client.outcome(Self.confirm, [.string(Self.notes)]) == "")
        client = try restart()
        #expect(PasscodeTests.held(client)[Self.notes] == ["GracePeriod", "MaxFailedAttempts"], "not verified yet")
        try client.call("Unlock", [.string(Self.notes), .string(SystemAuthenticationTests.passcode)])
        #expect(PasscodeTests.held(client)[Self.notes] == nil)
        #expect(try client.policy(Self.notes, "MaxFailedAttempts")?.uint32Value == 1000)
    }

    @Test("[Mandatory] AllowSystemAuthentication=false refuses it by name before polkit is asked")
    func mandatorySwitchRefuses() throws {
        let f = try Fixture(admin: "[Mandatory]\nAllowSystemAuthentication=false\n", allowed: [Self.changeAction])
        try f.environment.writeAppPolicy(Self.notes, "GracePeriod=86400\n")
        try f.app.call("ReloadPolicy")
        #expect(f.outcome(Self.confirm) == "NotAuthorized")
        #expect(try f.checks().isEmpty)
        #expect(PasscodeTests.held(f.app)[Self.notes] == ["GracePeriod"])
    }
}
