import AppLockTestSupport
import Foundation
import Testing

/// `applockctl unlock --system-auth`, `applockctl reset-passcode` and `applockctl policy confirm --system-auth` against the real agent and python-dbusmock's
/// polkitd on a private system bus.
@Suite struct SystemAuthCommandTests {
    static let app = "org.example.Notes"

    /// A private system bus with the polkitd mock (every action refused), a keyring and the agent, serving.
    private static func agentWithPolkit() throws -> (TestEnvironment, AgentProcess) {
        let env = try TestEnvironment(systemBus: true)
        try env.startKeyring()
        try env.startPolkit()
        let agent = try AgentProcess(environment: env)
        try agent.waitUntilServing()
        return (env, agent)
    }

    private func state(_ env: TestEnvironment) throws -> String? {
        let result = env.applockctl(["status", Self.app, "--json"])
        guard result.status == 0 else { return nil }
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return object?["state"] as? String
    }

    @Test func unlockWithSystemAuthAndResetPasscodeHaveTheirExitCodes() throws {
        let (env, agent) = try Self.agentWithPolkit()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        #expect(try state(env) == "locked")

        #expect(env.applockctl(["unlock", "--system-auth", "--stdin", Self.app]).status == 2)
        let refused = env.applockctl(["unlock", "--system-auth", Self.app])
        #expect(refused.status == 17, "\(refused.stderr)")
        #expect(refused.stderr.contains("Not authorized"), "\(refused.stderr)")
        #expect(try state(env) == "locked")

        try env.setPolkitAllowed(["io.github.applock.unlock"])
        let unlocked = env.applockctl(["unlock", "--system-auth", Self.app])
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        #expect(try state(env) == "unlocked")

        #expect(env.applockctl(["reset-passcode", Self.app]).status == 17)
        try env.setPolkitAllowed(["io.github.applock.reset-passcode"])
        let reset = env.applockctl(["reset-passcode", Self.app])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stdout.contains("Passcode removed for \(Self.app)."))
        #expect(env.applockctl(["reset-passcode", Self.app]).status == 4, "without a passcode the app is forgotten")

        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        env.stopPolkit()
        let unavailable = env.applockctl(["unlock", "--system-auth", Self.app])
        #expect(unavailable.status == 18, "\(unavailable.stderr)")
        #expect(unavailable.stderr.contains("System authentication is unavailable"), "\(unavailable.stderr)")
    }

    @Test func resetPasscodeSharedRemovesTheAppLockPasscodeOnlyWhenPolkitSaysYes() throws {
        let (env, agent) = try Self.agentWithPolkit()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["reset-passcode", "--shared"]).status == 7, "no AppLock passcode yet")
        #expect(env.applockctl(["reset-passcode", Self.app, "--shared"]).status == 2, "an application or --shared")
        #expect(env.applockctl(["set-passcode", "--shared", "--stdin"], input: "2468\n").status == 0)
        #expect(env.applockctl(["set-passcode", Self.app, "--shared"]).status == 0)
        let refused = env.applockctl(["reset-passcode", "--shared"])
        #expect(refused.status == 17, "\(refused.stderr)")
        #expect(refused.stderr.contains("Authenticate to remove the AppLock passcode."), "\(refused.stderr)")
        #expect(env.applockctl(["status", Self.app]).stdout.contains("PasscodeSource: shared"))

        try env.setPolkitAllowed(["io.github.applock.reset-passcode"])
        let reset = env.applockctl(["reset-passcode", "--shared"])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stdout.contains("The AppLock passcode is removed; the applications that used it have no passcode now."),
                "\(reset.stdout)")
        #expect(!env.applockctl(["status"]).stdout.contains("The AppLock passcode is set"))
        #expect(env.applockctl(["reset-passcode", "--shared"]).status == 7)
    }

    @Test func policyConfirmWithSystemAuthAppliesTheHeldChangeOnlyWhenPolkitSaysYes() throws {
        let (env, agent) = try Self.agentWithPolkit()
        defer { agent.terminate(); env.cleanup() }
        #expect(env.applockctl(["set-passcode", Self.app, "--stdin"], input: "1234\n").status == 0)
        let file = env.configHome.appendingPathComponent("applock/apps.d/\(Self.app).conf")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Policy]\nMaxFailedAttempts=1000\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(env.applockctl(["policy", "reload"]).status == 0)
        #expect(env.applockctl(["status"]).stdout.contains("policy change waiting for authentication (MaxFailedAttempts)"))

        #expect(env.applockctl(["policy", "confirm", "--system-auth", "--stdin", Self.app]).status == 2)
        try env.setPolkitAllowed(["io.github.applock.unlock", "io.github.applock.reset-passcode"])
        let refused = env.applockctl(["policy", "confirm", "--system-auth", Self.app])
        #expect(refused.status == 17, "the unlock and reset actions do not authorize a change: \(refused.stderr)")
        #expect(env.applockctl(["policy", Self.app]).stdout.contains("MaxFailedAttempts=5"))

        try env.setPolkitAllowed(["io.github.applock.change-protection"])
        let confirmed = env.applockctl(["policy", "confirm", "--system-auth", Self.app])
        #expect(confirmed.status == 0, "\(confirmed.stderr)")
        #expect(env.applockctl(["policy", Self.app]).stdout.contains("MaxFailedAttempts=1000"))
        #expect(!env.applockctl(["status"]).stdout.contains("waiting for authentication"))
        #expect(try state(env) == "locked", "confirming a policy change unlocks nothing")
    }
}
