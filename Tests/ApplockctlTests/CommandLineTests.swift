import AppLockTestSupport
import Foundation
import Testing

/// applockctl without a running agent: usage errors, "not running", no session bus, the documented exit codes.
@Suite struct CommandLineTests {
    @Test func statusSaysTheAgentIsNotRunning() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let result = env.applockctl(["status"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("applockd is not running"))
        #expect(result.stdout.isEmpty)
        let json = env.applockctl(["list", "--json"])
        #expect(json.status == 3)
    }

    @Test func badAppIDIsAUsageError() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let result = env.applockctl(["lock", "notes!"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'notes!' is not a valid app id"))
        #expect(env.applockctl(["lock"]).status == 2)
        #expect(env.applockctl(["lock", "org.example.Notes", "--all"]).status == 2)
        #expect(env.applockctl(["set-passcode", "org.example.Notes", "--kind", "seven-digit"]).status == 2)
    }

    @Test func noSessionBusHasItsOwnExitCode() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let result = env.run([BuiltProducts.applockctl, "list"],
                             extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(env.root.path)/nothing-here"])
        #expect(result.status == 14)
        #expect(result.stderr.contains("Cannot connect to the D-Bus session bus"))
    }

    @Test func passcodeWithoutTerminalOrStdinIsRefused() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        // No agent: the pre-check fails first with "not running"; the passcode is never asked for.
        let result = env.applockctl(["unlock", "org.example.Notes"])
        #expect(result.status == 3)
    }

    @Test func helpDocumentsEveryExitCode() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        let result = env.applockctl(["--help"])
        #expect(result.status == 0)
        for line in ["0  success", "3  applockd is not running", "5  wrong passcode", "6  locked out",
                     "10  the Secret Service", "13  no passcode was entered", "14  cannot connect"] {
            #expect(result.stdout.contains(line), "missing \(line)")
        }
        for command in ["status", "list", "lock", "unlock", "set-passcode", "change-passcode", "remove-passcode",
                        "policy", "monitor"] {
            #expect(result.stdout.contains(command))
        }
    }

    @Test func completionScriptsAreGenerated() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        for shell in ["bash", "zsh", "fish"] {
            let result = env.applockctl(["--generate-completion-script", shell])
            #expect(result.status == 0)
            #expect(result.stdout.contains("set-passcode"))
        }
    }
}
