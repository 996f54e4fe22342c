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

        @Test("LockedOut answers take the same time whether the passcode would have been right or wrong")
        func lockedOutTiming() throws {
            let app = "org.example.Timed"
            let passcode = "Tm-hostile-timed-PASS"
            let harness = try HostileHarness(policy: "MaxFailedAttempts=1\nLockoutSchedule=3600")
            let client = try harness.client()
            try client.call("SetPasscode", [.string(app), .string(passcode), .string("alphanumeric")])
            while client.unlock(app, "wrong-guess") != "LockedOut" {}
            var right: [Duration] = []
            var wrong: [Duration] = []
            let clock = ContinuousClock()
            for round in 0..<200 {
                let guess = round % 2 == 0 ? passcode : "Tm-wrong-\(round)"
                var answer = ""
                let elapsed = clock.measure { answer = client.unlock(app, guess) }
                #expect(answer == "LockedOut")
                if round >= 20 { if round % 2 == 0 { right.append(elapsed) } else { wrong.append(elapsed) } }
            }
            let medianRight = right.sorted()[right.count / 2]
            let medianWrong = wrong.sorted()[wrong.count / 2]
            print("[hostile] LockedOut answer: median \(medianRight) with the right passcode, \(medianWrong) with a wrong one")
            let difference = medianRight > medianWrong ? medianRight - medianWrong : medianWrong - medianRight
            #expect(difference < .microseconds(300) || difference < max(medianRight, medianWrong) / 5)
            // An Argon2id verification takes tens of milliseconds: neither answer ran one.
            #expect(max(medianRight, medianWrong) < .milliseconds(10))
        }
    }
}
