import AppLockTestSupport
import DBusKit
import Foundation
import Testing

extension HostileSuite {
    /// Passcodes never leave the agent's memory, and lock-out answers do not depend on them.
    @Suite("Secrets")
    struct SecretTests {
        @Test("no test passcode in the agent's log, in any file of the test's HOME and XDG directories, or in any argv")
        func passcodesNeverLeak() throws {
            let app = "org.example.Secretive"
            let first = "Sx1-hostile-secret-FIRST"
            let second = "Sx2-hostile-secret-SECOND"
            let third = "Sx3-hostile-secret-THIRD"
            let wrong = "Sx4-hostile-secret-WRONG"
            let secrets = [first, second, third, wrong]
            let watcher = ArgvWatcher(secrets)
            let harness = try HostileHarness()
            let client = try harness.client()
            try client.register(app)
            try client.call("SetPasscode", [.string(app), .string(first), .string("alphanumeric")])
            try client.call("Lock", [.string(app)])
            #expect(client.unlock(app, wrong) == "WrongPasscode")
            #expect(client.unlock(app, first) == "")
            try client.call("ChangePasscode", [.string(app), .string(first), .string(second), .string("alphanumeric")])
            #expect(client.outcome("ChangePasscode", [.string(app), .string(wrong), .string(third), .string("alphanumeric")]) == "WrongPasscode")
            // The project's own tool, fed on standard input.
            let control = try AgentProcess.locateExecutable().deletingLastPathComponent().appendingPathComponent("applockctl")
            if FileManager.default.isExecutableFile(atPath: control.path) {
                try client.call("Lock", [.string(app)])
                let unlocked = harness.environment.run([control.path, "unlock", "--stdin", app], input: second + "\n")
                #expect(unlocked.succeeded, "\(unlocked.stderr)")
                let other = "org.example.SecretiveToo"
                let set = harness.environment.run([control.path, "set-passcode", "--stdin", "--kind", "alphanumeric", other],
                                                  input: third + "\n")
                #expect(set.succeeded, "\(set.stderr)")
            }
            try client.call("RemovePasscode", [.string(app), .string(second)])
            harness.agent.terminate()
            let (samples, argvLeaks) = watcher.stop()
            #expect(samples > 10)
            #expect(argvLeaks.isEmpty, "\(argvLeaks)")
            let leaks = SecretScan.leaks(secrets, in: harness)
            #expect(leaks.isEmpty, "\(leaks)")
            print("[hostile] secrets: \(samples) argv samples of every process and every file under \(harness.environment.root.path) checked, no passcode found")
        }

        @Test("LockedOut answers never look at the passcode: right or wrong, with the keyring gone, the answer is LockedOut and nothing more is counted")
        func lockedOutNeverLooksAtThePasscode() throws {
            let app = "org.example.Timed"
            let passcode = "Tm-hostile-timed-PASS"
            let harness = try HostileHarness(policy: "MaxFailedAttempts=1\nLockoutSchedule=3600")
            let client = try harness.client()
            try client.call("SetPasscode", [.string(app), .string(passcode), .string("alphanumeric")])
            while client.unlock(app, "wrong-guess") != "LockedOut" {}
            let counted = try client.failedAttempts(app)
            // Without the stored hash nothing can be compared, so an answer that still says LockedOut (not
            // StoreUnavailable) was given before the passcode was looked at: it cannot tell a right one from a wrong
            // one, in its words or its time.
            try harness.environment.stopKeyring()
            for round in 0..<20 {
                let guess = round % 2 == 0 ? passcode : "Tm-wrong-\(round)"
                #expect(client.unlock(app, guess) == "LockedOut")
            }
            #expect(try client.failedAttempts(app) == counted)
            try harness.environment.startKeyring()
            #expect(client.unlock(app, passcode) == "LockedOut", "and with the keyring back, still locked out")
        }
    }
}
