import AppLockTestSupport
import Foundation
import Testing

/// The passcode prompt on a real pseudo-terminal (tmux): no echo, mismatch then match.
@Suite struct TerminalPromptTests {
    /// A private tmux server running one command in a detached session.
    final class Tmux {
        let env: TestEnvironment
        let socket: String

        init(env: TestEnvironment, command: String) throws {
            self.env = env
            socket = env.root.appendingPathComponent("tmux.sock").path
            // The tmux server outlives this call: start it with no inherited descriptors (Foundation watches the
            // child through one) and no blocked signals (test threads block them), so kill-server ends it.
            let clean = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                + "os.closerange(3, 65536); os.execvp(sys.argv[1], sys.argv[1:])"
            let started = env.run(["/usr/bin/python3", "-c", clean, "tmux", "-S", socket, "-f", "/dev/null",
                                   "new-session", "-d", "-s", "ctl", "-x", "160", "-y", "40", command])
            try #require(started.status == 0, "tmux: \(started.stderr)")
        }

        deinit {
            _ = env.run(["tmux", "-S", socket, "kill-server"])
        }

        /// What the pane shows now.
        func screen() -> String {
            env.run(["tmux", "-S", socket, "capture-pane", "-p", "-t", "ctl"]).stdout
        }

        /// Types `text` literally, then Enter.
        func type(_ text: String) {
            _ = env.run(["tmux", "-S", socket, "send-keys", "-t", "ctl", "-l", text])
            _ = env.run(["tmux", "-S", socket, "send-keys", "-t", "ctl", "Enter"])
        }

        /// Waits until `text` shows `count` times on the screen.
        func waitFor(_ text: String, count: Int = 1) -> Bool {
            waitUntil(timeout: .seconds(10), pollEvery: .milliseconds(20)) {
                screen().components(separatedBy: text).count - 1 >= count
            }
        }
    }

    @Test func setPasscodeAsksAgainAfterAMismatch() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        try env.startKeyring()
        let agent = try AgentProcess(environment: env)
        defer { agent.terminate() }
        try agent.waitUntilServing()

        let app = "org.example.Tmux"
        let tmux = try Tmux(env: env, command: "\(BuiltProducts.applockctl) set-passcode \(app); echo EXIT=$?; sleep 600")
        #expect(tmux.waitFor("New passcode for \(app):"), "\(tmux.screen())")
        tmux.type("1234")
        #expect(tmux.waitFor("Confirm the new passcode:"), "\(tmux.screen())")
        tmux.type("5678")
        #expect(tmux.waitFor("Passcodes did not match; try again."), "\(tmux.screen())")
        #expect(tmux.waitFor("New passcode for \(app):", count: 2), "\(tmux.screen())")
        tmux.type("2468")
        #expect(tmux.waitFor("Confirm the new passcode:", count: 2), "\(tmux.screen())")
        tmux.type("2468")
        #expect(tmux.waitFor("EXIT=0"), "\(tmux.screen())")
        let screen = tmux.screen()
        #expect(screen.contains("Passcode set for \(app) (four-digit)."))
        for typed in ["1234", "5678", "2468"] {
            #expect(!screen.contains(typed), "the passcode \(typed) was echoed:\n\(screen)")
        }

        // The stored passcode is the confirmed one.
        #expect(env.applockctl(["lock", app]).status == 0)
        #expect(env.applockctl(["unlock", app, "--stdin"], input: "2468\n").status == 0)
    }

    @Test func threeMismatchesGiveUp() throws {
        let env = try TestEnvironment()
        defer { env.cleanup() }
        try env.startKeyring()
        let agent = try AgentProcess(environment: env)
        defer { agent.terminate() }
        try agent.waitUntilServing()

        let app = "org.example.Tmux"
        let tmux = try Tmux(env: env, command: "\(BuiltProducts.applockctl) set-passcode \(app); echo EXIT=$?; sleep 600")
        for round in 1...3 {
            #expect(tmux.waitFor("New passcode for \(app):", count: round), "\(tmux.screen())")
            tmux.type("1234")
            #expect(tmux.waitFor("Confirm the new passcode:", count: round), "\(tmux.screen())")
            tmux.type("4321")
        }
        #expect(tmux.waitFor("EXIT=13"), "\(tmux.screen())")
        #expect(tmux.screen().contains("Passcodes did not match 3 times; nothing was changed."))
        #expect(env.applockctl(["status", app]).status == 4)
    }
}
