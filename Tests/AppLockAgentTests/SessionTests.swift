import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// Session signals become lifecycle events: python-dbusmock's logind on a
/// private system bus and screensaver mocks on the private session bus, the
/// real agent, and apps with and without a passcode.
@Suite("Session signals")
struct SessionTests {
    /// An agent with logind, and two registered apps: Notes with a passcode, Plain without.
    final class Fixture {
        let harness: AgentHarness
        let app: AgentClient

        init(policy: [String: String] = [:], admin: String? = nil) throws {
            var extra: [String: String] = [:]
            let environment = try TestEnvironment(systemBus: true)
            for (appID, text) in policy {
                let directory = environment.configHome.appendingPathComponent("applock/apps.d")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try text.write(to: directory.appendingPathComponent("\(appID).conf"), atomically: true, encoding: .utf8)
            }
            if let admin {
                let file = environment.root.appendingPathComponent("policy.conf")
                try admin.write(to: file, atomically: true, encoding: .utf8)
                extra["APPLOCK_ADMIN_POLICY"] = file.path
            }
            harness = try AgentHarness(environment: environment, logind: true, extraEnvironment: extra)
            app = try harness.client()
            _ = try app.register("org.example.Notes")
            _ = try app.register("org.example.Plain")
            try app.call("SetPasscode", [.string("org.example.Notes"), .string("2468"), .string("four-digit")])
            app.watchStateChanged(of: "org.example.Notes")
            app.watchStateChanged(of: "org.example.Plain")
        }

        var environment: TestEnvironment { harness.environment }

        func sessionState() throws -> String {
            try #require(try app.property(AgentClient.managerPath, AgentClient.manager, "SessionState").stringValue)
        }

        /// Waits until the agent has found the logind session (its log says so).
        func waitForLogind() {
            _ = waitUntil(timeout: .seconds(10)) { harness.agent.logText().contains("watching logind session") }
        }
    }

    @Test("logind Lock locks apps with a passcode and obscures the rest; Unlock clears only the obscure")
    func sessionLockAndUnlock() throws {
        let fixture = try Fixture()
        fixture.waitForLogind()
        try fixture.environment.logindSessionLock()
        let notes = try #require(try fixture.app.nextStateChange(of: "org.example.Notes"))
        #expect(notes.state == "locked")
        #expect(notes.reason == "session-lock")
        #expect(try fixture.app.state("org.example.Plain") == "obscured")
        #expect(try fixture.sessionState() == "locked")

        try fixture.environment.logindSessionUnlock()
        let plain = try #require(try fixture.app.waitForSignal { message in
            message.member == "StateChanged" && (try? message.arguments()[0].stringValue) == "org.example.Plain"
                && (try? message.arguments()[1].stringValue) == "unlocked"
        })
        #expect(try plain.arguments()[2].stringValue == "unlock")
        #expect(try fixture.sessionState() == "active")
        #expect(try fixture.app.state("org.example.Notes") == "locked")
        #expect(fixture.harness.agent.logText().contains("reason=session-lock"))
        #expect(fixture.harness.agent.logText().contains("source=logind"))
    }

    @Test("on a logind Lock every app's StateChanged leaves before anything else the agent sends")
    func stateChangedLeavesFirst() throws {
        let fixture = try Fixture()
        fixture.waitForLogind()
        let watcher = try fixture.harness.client()
        watcher.connection.addMatch(MatchRule(sender: AgentClient.bus))
        // Whatever the agent sent before this answer has reached the watcher: drain it.
        _ = try watcher.list()
        while try watcher.connection.nextSignal(timeout: .zero) != nil {}

        try fixture.environment.logindSessionLock()
        var members: [String] = []
        while members.filter({ $0 == "StateChanged" }).count < 2 {
            let signal = try #require(try watcher.connection.nextSignal(timeout: .seconds(10)), "after \(members)")
            members.append(signal.member ?? "")
        }
        #expect(members == ["StateChanged", "StateChanged"], "the agent sent \(members) first")
        #expect(try fixture.sessionState() == "locked")
    }

    @Test("every logind Lock sends the same StateChanged again, each a message of its own from the agent")
    func repeatedSessionLocks() throws {
        let fixture = try Fixture()
        fixture.waitForLogind()
        let watcher = try fixture.harness.client()
        watcher.connection.addMatch(MatchRule(
            sender: AgentClient.bus, interface: AgentClient.manager, member: "StateChanged", arg0: "org.example.Plain"))
        let agent = try #require(try watcher.connection.nameOwner(AgentClient.bus))
        var serials: Set<UInt32> = []
        for _ in 0..<3 {
            try fixture.environment.logindSessionLock()
            let locked = try #require(try watcher.connection.nextSignal(timeout: .seconds(10)))
            #expect(try locked.arguments() == [.string("org.example.Plain"), .string("obscured"), .string("session-lock")])
            #expect(locked.path == AgentClient.managerPath)
            #expect(locked.sender == agent)
            serials.insert(locked.serial)
            try fixture.environment.logindSessionUnlock()
            let unlocked = try #require(try watcher.connection.nextSignal(timeout: .seconds(10)))
            #expect(try unlocked.arguments() == [.string("org.example.Plain"), .string("unlocked"), .string("unlock")])
            serials.insert(unlocked.serial)
        }
        #expect(serials.count == 6)
        #expect(try fixture.app.state("org.example.Plain") == "unlocked")
    }

    @Test("LockedHint true locks like Lock")
    func lockedHint() throws {
        let fixture = try Fixture()
        fixture.waitForLogind()
        try fixture.environment.updateSessionProperties("{'LockedHint': <true>}")
        let notes = try #require(try fixture.app.nextStateChange(of: "org.example.Notes"))
        #expect(notes.state == "locked")
        #expect(notes.reason == "session-lock")
    }

    @Test("PrepareForSleep locks apps before the agent releases its delay inhibitor, and takes a new one on resume")
    func suspend() throws {
        let fixture = try Fixture()
        fixture.waitForLogind()
        let environment = fixture.environment
        let inhibited = waitUntil(timeout: .seconds(5)) {
            (try? environment.logindCalls())?.contains { $0.hasPrefix("Inhibit sleep") && $0.hasSuffix("delay") } == true
        }
        #expect(inhibited, "the agent took a sleep delay inhibitor")
        #expect(try Self.inhibitors(environment).contains("AppLock"))

        try environment.emitPrepareForSleep(true)
        let notes = try #require(try fixture.app.nextStateChange(of: "org.example.Notes"))
        #expect(notes.state == "locked")
        #expect(notes.reason == "suspend")
        #expect(waitUntil(timeout: .seconds(5)) { (try? Self.inhibitors(environment).contains("AppLock")) == false },
                "the inhibitor was released")
        let log = fixture.harness.agent.logText()
        let lockLine = try #require(log.range(of: "reason=suspend"))
        let releaseLine = try #require(log.range(of: "released the sleep inhibitor"))
        #expect(lockLine.lowerBound < releaseLine.lowerBound, "the lock went out before the inhibitor was released")
        #expect(try fixture.sessionState() == "suspending")

        try environment.emitPrepareForSleep(false)
        #expect(waitUntil(timeout: .seconds(5)) { (try? Self.inhibitors(environment).contains("AppLock")) == true },
                "a new inhibitor after resume")
        let calls = try environment.logindCalls().filter { $0.hasPrefix("Inhibit sleep") }
        #expect(calls.count == 2)
    }

    @Test("PrepareForShutdown locks with reason shutdown")
    func shutdown() throws {
        let fixture = try Fixture()
        fixture.waitForLogind()
        try fixture.environment.emitPrepareForShutdown(true)
        let notes = try #require(try fixture.app.nextStateChange(of: "org.example.Notes"))
        #expect(notes.state == "locked")
        #expect(notes.reason == "shutdown")
    }

    @Test("Active false (another user's session in front) locks with reason session-switch")
    func sessionSwitch() throws {
        let fixture = try Fixture()
        fixture.waitForLogind()
        try fixture.environment.updateSessionProperties("{'Active': <false>}")
        let notes = try #require(try fixture.app.nextStateChange(of: "org.example.Notes"))
        #expect(notes.reason == "session-switch")
        #expect(try fixture.sessionState() == "inactive")
    }

    @Test("IdleHint with IdleSinceHint older than LockAfterIdle locks with reason idle")
    func idle() throws {
        let fixture = try Fixture(policy: ["org.example.Notes": "[Policy]\nLockAfterIdle=60\n"])
        fixture.waitForLogind()
        let twoMinutesAgo = UInt64(Date().timeIntervalSince1970 * 1_000_000) - 120_000_000
        try fixture.environment.updateSessionProperties(
            "{'IdleHint': <true>, 'IdleSinceHint': <uint64 \(twoMinutesAgo)>}")
        let notes = try #require(try fixture.app.nextStateChange(of: "org.example.Notes"))
        #expect(notes.state == "locked")
        #expect(notes.reason == "idle")
        #expect(try fixture.app.state("org.example.Plain") == "unlocked", "Plain's limit (300 s) has not passed")
    }

    @Test("LockOnSessionLock=false keeps an app unlocked; the administrator's RequireLockOnSessionLock overrides it")
    func sessionLockPolicy() throws {
        let relaxed = ["org.example.Notes": "[Policy]\nLockOnSessionLock=false\n"]
        let user = try Fixture(policy: relaxed)
        user.waitForLogind()
        try user.environment.logindSessionLock()
        let plain = try #require(try user.app.nextStateChange(of: "org.example.Plain"))
        #expect(plain.state == "obscured")
        #expect(try user.app.state("org.example.Notes") == "unlocked")

        let admin = try Fixture(policy: relaxed, admin: "[Mandatory]\nRequireLockOnSessionLock=true\n")
        admin.waitForLogind()
        try admin.environment.logindSessionLock()
        let notes = try #require(try admin.app.nextStateChange(of: "org.example.Notes"))
        #expect(notes.state == "locked")
    }

    @Test("the administrator's MaximumFailedAttempts, MinimumLockoutSchedule and RequireLockOn{Launch,ScreenSaver,SessionSwitch} hold against the user's weaker file")
    func mandatoryClampsHold() throws {
        let weak = ["org.example.Notes": """
            [Policy]
            MaxFailedAttempts=1000
            LockoutSchedule=0
            LockOnLaunch=false
            LockOnScreenSaver=false
            LockOnSessionSwitch=false
            """]
        let f = try Fixture(policy: weak, admin: """
            [Mandatory]
            MaximumFailedAttempts=3
            MinimumLockoutSchedule=60,600
            RequireLockOnLaunch=true
            RequireLockOnScreenSaver=true
            RequireLockOnSessionSwitch=true
            """)
        let notes = "org.example.Notes"
        #expect(try f.app.policy(notes, "MaxFailedAttempts")?.uint32Value == 3)
        #expect(try f.app.policy(notes, "LockoutSchedule")?.arrayValue?.compactMap(\.uint32Value) == [60, 600])
        for key in ["LockOnLaunch", "LockOnScreenSaver", "LockOnSessionSwitch"] {
            #expect(try f.app.policy(notes, key)?.boolValue == true, "\(key)")
        }

        try f.app.call("UnregisterApplication", [.string(notes)])
        _ = try f.app.register(notes)
        #expect(try f.app.state(notes) == "locked", "RequireLockOnLaunch: a new registration starts locked")
        #expect(f.app.unlock(notes, "2468") == "")

        try f.environment.startScreenSaver("org.gnome.ScreenSaver")
        try f.environment.setScreenSaverActive("org.gnome.ScreenSaver", true)
        #expect(try f.app.waitForSignal { message in
            message.member == "StateChanged" && (try? message.arguments()[0].stringValue) == notes
                && (try? message.arguments()[1].stringValue) == "locked"
        } != nil, "RequireLockOnScreenSaver: the screensaver locks it")
        try f.environment.setScreenSaverActive("org.gnome.ScreenSaver", false)
        #expect(f.app.unlock(notes, "2468") == "")

        f.waitForLogind()
        try f.environment.updateSessionProperties("{'Active': <false>}")
        #expect(waitUntil(timeout: .seconds(10)) { (try? f.app.state(notes)) == "locked" },
                "RequireLockOnSessionSwitch: switching to another user's session locks it")

        for _ in 0..<3 { #expect(f.app.unlock(notes, "0000") == "WrongPasscode") }
        #expect(f.app.unlock(notes, "0000") == "LockedOut", "MaximumFailedAttempts=3: the failure after three locks out")
        let retry = try f.app.retryAfter(notes)
        let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        #expect(retry > now + 30_000_000, "MinimumLockoutSchedule: the lock-out lasts at least 60 s, not 0")
        #expect(f.app.unlock(notes, "2468") == "LockedOut")
    }

    @Test("a malformed policy file is reported with file:line and the previous policy stays")
    func malformedPolicy() throws {
        let fixture = try Fixture(policy: ["org.example.Notes": "[Policy]\nGracePeriod=30\n"])
        #expect(try fixture.app.policy("org.example.Notes", "GracePeriod")?.uint32Value == 30)
        let file = fixture.environment.configHome.appendingPathComponent("applock/apps.d/org.example.Notes.conf")
        try "[Policy]\nGracePeriod=30\nLockOnLaunch=maybe\n".write(to: file, atomically: true, encoding: .utf8)
        fixture.harness.agent.kill(SIGHUP)
        let reported = waitUntil(timeout: .seconds(5)) {
            fixture.harness.agent.logText().contains("org.example.Notes.conf:3")
        }
        #expect(reported, "the log names file:line")
        #expect(fixture.harness.agent.logText().contains("LockOnLaunch"))
        #expect(try fixture.app.policy("org.example.Notes", "GracePeriod")?.uint32Value == 30)
        #expect(fixture.harness.agent.isRunning)
    }

    @Test("screensavers lock through ActiveChanged", arguments: ["org.gnome.ScreenSaver", "org.freedesktop.ScreenSaver"])
    func screenSaver(name: String) throws {
        let fixture = try Fixture()
        try fixture.environment.startScreenSaver(name)
        try fixture.environment.setScreenSaverActive(name, true)
        let notes = try #require(try fixture.app.nextStateChange(of: "org.example.Notes"))
        #expect(notes.state == "locked")
        #expect(notes.reason == "screensaver")
        #expect(try fixture.sessionState() == "screensaver")
        try fixture.environment.setScreenSaverActive(name, false)
        let plain = try #require(try fixture.app.waitForSignal { message in
            message.member == "StateChanged" && (try? message.arguments()[0].stringValue) == "org.example.Plain"
                && (try? message.arguments()[1].stringValue) == "unlocked"
        })
        #expect(plain.member == "StateChanged")
    }

    @Test("killing logind and starting it again: the agent keeps serving and follows the new session")
    func logindRestart() throws {
        let fixture = try Fixture()
        fixture.waitForLogind()
        fixture.environment.stopLogind()
        #expect(waitUntil(timeout: .seconds(5)) { fixture.harness.agent.logText().contains("logind left the system bus") })
        #expect(try fixture.app.list().count == 2, "still serving")
        try fixture.environment.startLogind()
        let found = waitUntil(timeout: .seconds(10)) {
            fixture.harness.agent.logText().components(separatedBy: "watching logind session").count >= 3
        }
        #expect(found, "the agent found the session again")
        try fixture.environment.logindSessionLock()
        let notes = try #require(try fixture.app.nextStateChange(of: "org.example.Notes"),
                                 "\(fixture.harness.agent.logText())")
        #expect(notes.reason == "session-lock")
    }

    static func inhibitors(_ environment: TestEnvironment) throws -> String {
        let result = environment.call(.system, destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                                      method: "org.freedesktop.login1.Manager.ListInhibitors")
        guard result.succeeded else { throw TestSupportError("ListInhibitors: \(result.stderr)") }
        return result.stdout
    }
}
