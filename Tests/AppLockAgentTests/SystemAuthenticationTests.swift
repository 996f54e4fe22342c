import AppLockTestSupport
import DBusKit
import Foundation
import Testing

/// UnlockWithSystemAuthentication and ResetPasscode end to end: the real `applockd` on a private session bus,
/// python-dbusmock's polkitd on a private system bus (its recorded calls show what polkit was asked), a real
/// gnome-keyring, `dbus-send` and `secret-tool`.
@Suite("System authentication", .serialized)
struct SystemAuthenticationTests {
    static let error = "io.github.applock.AppLock1.Error."
    static let notes = "org.example.Notes"
    static let passcode = "90817263"
    static let wrong = "55501234"
    static let unlockAction = "io.github.applock.unlock"
    static let resetAction = "io.github.applock.reset-passcode"

    /// An agent whose system bus has the polkit mock (unless `polkit` is false), and Notes with a passcode,
    /// registered and so locked.
    struct Fixture {
        let harness: AgentHarness
        let app: AgentClient

        init(polkit: Bool = true, systemBus: Bool = true, admin: String? = nil, allowed: [String] = []) throws {
            let environment = try TestEnvironment(systemBus: systemBus)
            var extra: [String: String] = [:]
            if let admin {
                let file = environment.root.appendingPathComponent("policy.conf")
                try admin.write(to: file, atomically: true, encoding: .utf8)
                extra["APPLOCK_ADMIN_POLICY"] = file.path
            }
            if polkit {
                try environment.startPolkit()
                try environment.setPolkitAllowed(allowed)
            }
            harness = try AgentHarness(environment: environment, extraEnvironment: extra)
            app = try harness.client()
            try app.call("SetPasscode", [.string(notes), .string(passcode), .string("numeric")])
            _ = try app.register(notes)
        }

        var environment: TestEnvironment { harness.environment }

        func outcome(_ member: String) -> String {
            app.outcome(member, [.string(notes)])
        }

        /// `dbus-send` calling `member(notes)` in the background, with the long reply timeout a real caller needs.
        func dbusSendInBackground(_ member: String) throws -> BackgroundCommand {
            try BackgroundCommand([
                "dbus-send", "--session", "--print-reply", "--reply-timeout=330000", "--dest=io.github.applock.AppLock1",
                "/io/github/applock/AppLock1", "io.github.applock.AppLock1.Manager.\(member)", "string:\(notes)",
            ], in: environment)
        }

        func checks() throws -> [String] {
            try environment.polkitCalls().filter { $0.hasPrefix("CheckAuthorization ") }
        }

        func cancellations() throws -> [String] {
            try environment.polkitCalls().filter { $0.hasPrefix("CancelCheckAuthorization ") }
        }

        /// Waits until polkit has been asked `count` times in all.
        func waitForCheck(count: Int = 1) throws -> Bool {
            try waitUntil(timeout: .seconds(10)) { try checks().count >= count }
        }

        func secretItems() -> [Substring] {
            let search = environment.run(["secret-tool", "search", "--all", "app-id", notes])
            return (search.stdout + search.stderr).split(separator: "\n").filter { $0.hasPrefix("[/") }
        }
    }

    /// What polkit must have been asked for the process `pid`, up to the cancellation id: no details, which the real
    /// polkitd refuses from the unprivileged agent (and the mock with it).
    static func expectedCheck(_ action: String, pid: Int32) -> String {
        "CheckAuthorization ('unix-process', {'pid': \(pid), 'start-time': \(startTime(of: pid)), 'uid': \(getuid())}) "
            + "'\(action)' {} 1 'applock-"
    }

    /// Field 22 of `/proc/PID/stat`, counted after the command name.
    static func startTime(of pid: Int32) -> String {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return "?" }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : "?"
    }

    @Test("allowed: dbus-send's check carries the action, the caller's process, the interaction flag and no details; the agent serves others while the user authenticates; then the app unlocks")
    func allowedUnlocks() throws {
        let f = try Fixture(allowed: [Self.unlockAction])
        #expect(try f.app.state(Self.notes) == "locked")
        try f.environment.setPolkitHanging(true)
        let caller = try f.dbusSendInBackground("UnlockWithSystemAuthentication")
        try #require(try f.waitForCheck())
        let check = try #require(try f.checks().first)
        #expect(check.hasPrefix(Self.expectedCheck(Self.unlockAction, pid: caller.pid)), "\(check)")

        #expect(try f.app.state(Self.notes) == "locked", "the agent answers while polkit is asking, and nothing unlocked yet")
        #expect(caller.isRunning)
        f.app.watchStateChanged(of: Self.notes)
        try f.environment.releasePolkitAnswers()
        let result = try #require(caller.result(timeout: .seconds(20)))
        #expect(result.succeeded, "\(result.stderr)")
        let change = try #require(try f.app.nextStateChange(of: Self.notes))
        #expect(change.state == "unlocked" && change.reason == "unlock")
        #expect(try f.app.failedAttempts(Self.notes) == 0)
        #expect(try f.checks().count == 1)
        #expect(f.harness.agent.logText().contains("unlocked with system authentication"))
    }

    @Test("not allowed: NotAuthorized, the app stays locked, and no refusal counts as a failed attempt")
    func notAllowedStaysLocked() throws {
        let f = try Fixture(allowed: [Self.resetAction])
        for _ in 0..<7 {
            #expect(f.outcome("UnlockWithSystemAuthentication") == "NotAuthorized")
        }
        #expect(try f.app.state(Self.notes) == "locked")
        #expect(try f.app.failedAttempts(Self.notes) == 0)
        #expect(try f.app.retryAfter(Self.notes) == 0)
        let check = try #require(try f.checks().first)
        #expect(check.hasPrefix(Self.expectedCheck(Self.unlockAction, pid: getpid())), "\(check)")
        #expect(try f.checks().count == 7)
    }

    @Test("the polkit mock refuses details as the real polkitd refuses them from the unprivileged agent, and answers without")
    func theMockRefusesDetailsAsPolkitDoes() throws {
        let environment = try TestEnvironment(systemBus: true)
        defer { environment.cleanup() }
        try environment.startPolkit()
        try environment.setPolkitAllowed([Self.unlockAction])
        func check(_ details: String) -> CommandResult {
            environment.call(.system, destination: TestEnvironment.polkitName, path: TestEnvironment.polkitAuthorityPath,
                             method: "org.freedesktop.PolicyKit1.Authority.CheckAuthorization", [
                                 "('unix-process', {'pid': <uint32 \(getpid())>, 'start-time': <uint64 0>})",
                                 "'\(Self.unlockAction)'", details, "uint32 1", "'applock-test'",
                             ])
        }
        let withDetails = check("{'app-id': '\(Self.notes)'}")
        #expect(!withDetails.succeeded)
        #expect(withDetails.stderr.contains("org.freedesktop.PolicyKit1.Error.NotAuthorized"), "\(withDetails.stderr)")
        #expect(withDetails.stderr.contains(TestEnvironment.polkitDetailsRefusal), "\(withDetails.stderr)")
        let without = check("@a{ss} {}")
        #expect(without.succeeded && without.stdout.contains("(true, false"), "\(without.stdout)\(without.stderr)")
    }

    @Test("no polkit on the system bus, no system bus, a polkit that does not answer: SystemAuthUnavailable, nothing unlocked")
    func unavailableUnlocksNothing() throws {
        let absent = try Fixture(polkit: false, allowed: [])
        #expect(absent.outcome("UnlockWithSystemAuthentication") == "SystemAuthUnavailable")
        #expect(absent.outcome("ResetPasscode") == "SystemAuthUnavailable")
        #expect(try absent.app.state(Self.notes) == "locked")
        #expect(try absent.app.hasPasscode(Self.notes))

        let noBus = try Fixture(polkit: false, systemBus: false)
        #expect(noBus.outcome("UnlockWithSystemAuthentication") == "SystemAuthUnavailable")
        #expect(try noBus.app.state(Self.notes) == "locked")

        let stopped = try Fixture(allowed: [Self.unlockAction])
        let pid = try #require(stopped.environment.ownerPID(of: TestEnvironment.polkitName, on: .system))
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        // The client's 20 s timeout is the bound: the agent gives up on polkit after its own 5 s.
        #expect(stopped.outcome("UnlockWithSystemAuthentication") == "SystemAuthUnavailable")
        #expect(try stopped.app.state(Self.notes) == "locked")
    }

    @Test("a lock while polkit is still asking wins: the caller hears Interrupted, polkit is told to cancel, the late yes unlocks nothing")
    func lockWhileCheckingWins() throws {
        let f = try Fixture(allowed: [Self.unlockAction])
        try f.environment.setPolkitHanging(true)
        let caller = try f.dbusSendInBackground("UnlockWithSystemAuthentication")
        try #require(try f.waitForCheck())
        let check = try #require(try f.checks().first)
        let cancellationID = try #require(check.split(separator: " ").last)

        f.app.watchStateChanged(of: Self.notes)
        try f.app.call("Lock", [.string(Self.notes)])
        let result = try #require(caller.result(timeout: .seconds(20)))
        #expect(result.stderr.contains(Self.error + "Interrupted"), "\(result.stderr)")
        #expect(try waitUntil(timeout: .seconds(10)) { try f.cancellations() == ["CancelCheckAuthorization \(cancellationID)"] })

        try f.environment.releasePolkitAnswers()
        #expect(try f.app.nextStateChange(of: Self.notes, timeout: .seconds(2)) == nil, "the late answer must not unlock")
        #expect(try f.app.state(Self.notes) == "locked")
    }

    @Test("the caller leaving while polkit asks cancels the check")
    func callerLeavingCancels() throws {
        let f = try Fixture(allowed: [Self.unlockAction])
        try f.environment.setPolkitHanging(true)
        let caller = try f.dbusSendInBackground("UnlockWithSystemAuthentication")
        try #require(try f.waitForCheck())
        kill(caller.pid, SIGKILL)
        _ = caller.result(timeout: .seconds(10))
        #expect(try waitUntil(timeout: .seconds(10)) { try f.cancellations().count == 1 })
        try f.environment.releasePolkitAnswers()
        #expect(try f.app.nextStateChange(of: Self.notes, timeout: .seconds(2)) == nil)
        #expect(try f.app.state(Self.notes) == "locked")
    }

    @Test("ResetPasscode authorized, even while locked out: secret-tool finds nothing, HasPasscode false, FailedAttempts 0, logged with the caller's process")
    func resetAuthorized() throws {
        let f = try Fixture(allowed: [Self.resetAction])
        for _ in 0..<6 { _ = f.app.unlock(Self.notes, Self.wrong) }
        #expect(try f.app.failedAttempts(Self.notes) == 6)
        #expect(try f.app.retryAfter(Self.notes) > 0)
        #expect(f.secretItems().count == 1)

        #expect(f.outcome("ResetPasscode") == "")
        #expect(f.secretItems().isEmpty)
        #expect(try f.app.hasPasscode(Self.notes) == false)
        #expect(try f.app.failedAttempts(Self.notes) == 0)
        #expect(try f.app.retryAfter(Self.notes) == 0)
        #expect(try f.app.state(Self.notes) == "unlocked")
        let check = try #require(try f.checks().first)
        #expect(check.hasPrefix(Self.expectedCheck(Self.resetAction, pid: getpid())), "\(check)")

        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let logged = f.harness.agent.logText().split(separator: "\n").filter { $0.contains("passcode reset ") }
        #expect(logged.count == 1, "\(logged)")
        #expect(logged.first?.contains("app=\(Self.notes)") == true)
        #expect(logged.first?.contains("pid=\(getpid())") == true)
        #expect(logged.first?.contains("executable=\(executable)") == true, "\(logged)")
        #expect(f.outcome("ResetPasscode") == "NoPasscode")
    }

    @Test("a passcode removed behind AppLock's back: PasscodeTampered keeps the app locked until an authorized ResetPasscode")
    func resetClearsATamperedPasscode() throws {
        let f = try Fixture(allowed: [Self.resetAction])
        #expect(f.environment.run(["secret-tool", "clear", "app-id", Self.notes]).succeeded)
        #expect(f.app.unlock(Self.notes, Self.passcode) == "PasscodeTampered")
        #expect(try f.app.state(Self.notes) == "locked")
        #expect(try f.app.hasPasscode(Self.notes) == true)

        #expect(f.outcome("ResetPasscode") == "")
        #expect(try f.app.hasPasscode(Self.notes) == false)
        #expect(try f.app.state(Self.notes) == "unlocked")
        try f.app.call("SetPasscode", [.string(Self.notes), .string(Self.passcode), .string("numeric")])
        try f.app.call("Lock", [.string(Self.notes)])
        #expect(f.app.unlock(Self.notes, Self.passcode) == "", "a passcode set after the reset is recorded afresh")
    }

    @Test("ResetPasscode refused: the hash, HasPasscode and the failed-attempt count are all unchanged")
    func resetRefused() throws {
        let f = try Fixture(allowed: [Self.unlockAction])
        for _ in 0..<2 { _ = f.app.unlock(Self.notes, Self.wrong) }
        #expect(f.outcome("ResetPasscode") == "NotAuthorized")
        #expect(f.secretItems().count == 1)
        #expect(try f.app.hasPasscode(Self.notes))
        #expect(try f.app.failedAttempts(Self.notes) == 2)
        #expect(try f.app.state(Self.notes) == "locked")
        #expect(f.app.unlock(Self.notes, Self.passcode) == "", "the old passcode still works")
    }

    @Test("[Mandatory] AllowSystemAuthentication=false and AllowPasscodeReset=false refuse both methods by name before polkit is asked")
    func mandatorySwitchesRefuse() throws {
        let f = try Fixture(admin: "[Mandatory]\nAllowSystemAuthentication=false\nAllowPasscodeReset=false\n",
                            allowed: [Self.unlockAction, Self.resetAction])
        let unlock = PasscodeTests.failure(f.app, "UnlockWithSystemAuthentication", [.string(Self.notes)])
        #expect(unlock?.name == Self.error + "NotAuthorized")
        #expect(unlock?.message.contains("policy does not allow system authentication") == true, "\(unlock?.message ?? "")")
        let reset = PasscodeTests.failure(f.app, "ResetPasscode", [.string(Self.notes)])
        #expect(reset?.name == Self.error + "NotAuthorized")
        #expect(reset?.message.contains("policy does not allow resetting the passcode") == true, "\(reset?.message ?? "")")
        #expect(try f.checks().isEmpty)
        #expect(try f.app.policy(Self.notes, "AllowSystemAuthentication")?.boolValue == false)
        #expect(try f.app.policy(Self.notes, "AllowPasscodeReset")?.boolValue == false)
        #expect(try f.app.state(Self.notes) == "locked" && f.app.hasPasscode(Self.notes))
    }

    @Test("[Mandatory] LockoutBlocksSystemAuthentication=true: a lock-out stops both methods with LockedOut")
    func lockoutBlocksWhenTheAdministratorSaysSo() throws {
        let f = try Fixture(admin: "[Mandatory]\nLockoutBlocksSystemAuthentication=true\n",
                            allowed: [Self.unlockAction, Self.resetAction])
        #expect(try f.app.policy(Self.notes, "LockoutBlocksSystemAuthentication")?.boolValue == true)
        for _ in 0..<6 { _ = f.app.unlock(Self.notes, Self.wrong) }
        #expect(f.outcome("UnlockWithSystemAuthentication") == "LockedOut")
        #expect(f.outcome("ResetPasscode") == "LockedOut")
        #expect(try f.checks().isEmpty)
        #expect(try f.app.state(Self.notes) == "locked" && f.app.hasPasscode(Self.notes))
    }
}

extension SystemAuthenticationTests {
    static let mail = "org.example.Mail"
    static let browser = "org.example.Browser"
    static let shared = "40716253"

    /// The AppLock passcode set, and Mail and Browser using it, registered and so locked.
    static func appsUsingTheAppLockPasscode(_ f: Fixture) throws {
        try f.app.call("SetSharedPasscode", [.string(shared), .string("numeric")])
        for name in [mail, browser] {
            try f.app.call("UseSharedPasscode", [.string(name)])
            _ = try f.app.register(name)
        }
    }

    @Test("ResetSharedPasscode authorized, even while its item is tampered with: the item is gone, every app that used it is without a passcode, an app with its own keeps it, logged with the caller's process")
    func resetSharedAuthorized() throws {
        let f = try Fixture(allowed: [Self.resetAction])
        try Self.appsUsingTheAppLockPasscode(f)
        for _ in 0..<2 { _ = f.app.unlock(Self.mail, Self.wrong) }
        #expect(try f.app.failedAttempts(Self.browser) == 2)
        #expect(f.environment.run(["secret-tool", "clear", "shared", "yes"]).succeeded)
        #expect(f.app.unlock(Self.mail, Self.shared) == "PasscodeTampered")

        #expect(f.app.outcome("ResetSharedPasscode") == "")
        #expect(try f.app.property(AgentClient.managerPath, AgentClient.manager, "SharedPasscodeKind").stringValue == "")
        for name in [Self.mail, Self.browser] {
            #expect(try f.app.hasPasscode(name) == false, "\(name)")
            #expect(try f.app.appProperty(name, "PasscodeSource").stringValue == "none")
            #expect(try f.app.failedAttempts(name) == 0)
            #expect(try f.app.state(name) == "unlocked", "no longer PasscodeTampered: \(name) unlocks as after RemoveSharedPasscode")
        }
        #expect(try f.app.hasPasscode(Self.notes) && f.app.state(Self.notes) == "locked", "an app with its own passcode keeps it")
        #expect(f.secretItems().count == 1)
        let check = try #require(try f.checks().first)
        #expect(check.hasPrefix(Self.expectedCheck(Self.resetAction, pid: getpid())), "\(check)")
        let logged = f.harness.agent.logText().split(separator: "\n").filter { $0.contains("AppLock passcode reset") }
        #expect(logged.count == 1 && logged.first?.contains("pid=\(getpid())") == true, "\(logged)")
        #expect(logged.first?.contains("apps=\(Self.browser),\(Self.mail)") == true, "\(logged)")
        #expect(f.app.outcome("ResetSharedPasscode") == "NoPasscode")
        try f.app.call("SetSharedPasscode", [.string(Self.shared), .string("numeric")])
        #expect(try f.app.property(AgentClient.managerPath, AgentClient.manager, "SharedPasscodeKind").stringValue == "numeric",
                "a new AppLock passcode can be set after the reset")
        PasscodeTests.expectLogClean(f.harness, [Self.shared, Self.passcode, Self.wrong])
    }

    @Test("ResetSharedPasscode refused by polkit, or by [Mandatory] AllowPasscodeReset=false before polkit is asked: the AppLock passcode, its apps and its count are unchanged")
    func resetSharedRefused() throws {
        let refusing = try Fixture(allowed: [Self.unlockAction])
        try Self.appsUsingTheAppLockPasscode(refusing)
        _ = refusing.app.unlock(Self.mail, Self.wrong)
        #expect(refusing.app.outcome("ResetSharedPasscode") == "NotAuthorized")
        #expect(try refusing.app.appProperty(Self.browser, "PasscodeSource").stringValue == "shared")
        #expect(try refusing.app.failedAttempts(Self.browser) == 1)
        #expect(refusing.app.unlock(Self.browser, Self.shared) == "", "the AppLock passcode still works")

        let mandatory = try Fixture(admin: "[Mandatory]\nAllowPasscodeReset=false\n", allowed: [Self.resetAction])
        try Self.appsUsingTheAppLockPasscode(mandatory)
        let reset = PasscodeTests.failure(mandatory.app, "ResetSharedPasscode", [])
        #expect(reset?.name == Self.error + "NotAuthorized")
        #expect(reset?.message.contains("policy does not allow resetting the AppLock passcode") == true, "\(reset?.message ?? "")")
        #expect(try mandatory.checks().isEmpty)
        #expect(try mandatory.app.state(Self.mail) == "locked" && mandatory.app.hasPasscode(Self.mail))
    }
}
