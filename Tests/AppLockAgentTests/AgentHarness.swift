import AppLockTestSupport
import Foundation
import Testing

/// One agent under test: its own private session bus (and system bus with a
/// mocked logind when asked), an unlocked gnome-keyring, temporary XDG
/// directories, and the real `applockd` serving on that bus.
final class AgentHarness {
    let environment: TestEnvironment
    let agent: AgentProcess

    init(environment: TestEnvironment? = nil, systemBus: Bool = false, keyring: Bool = true, logind: Bool = false,
         extraEnvironment: [String: String] = [:]) throws {
        self.environment = try environment ?? TestEnvironment(systemBus: systemBus || logind)
        if keyring { try self.environment.startKeyring() }
        if logind { try self.environment.startLogind() }
        agent = try AgentProcess(environment: self.environment, extraEnvironment: extraEnvironment)
        try agent.waitUntilServing(timeout: .seconds(20))
    }

    func client() throws -> AgentClient {
        try AgentClient(environment)
    }

    /// `dbus-send --print-reply` to the agent's manager on the private bus.
    func dbusSend(_ member: String, _ arguments: [String] = [], path: String = "/io/github/applock/AppLock1",
                  interface: String = "io.github.applock.AppLock1.Manager") -> CommandResult {
        environment.run([
            "dbus-send", "--session", "--print-reply", "--dest=io.github.applock.AppLock1", path, "\(interface).\(member)",
        ] + arguments)
    }

    /// `gdbus call` to the agent's manager on the private bus.
    func gdbusCall(_ member: String, _ arguments: [String] = []) -> CommandResult {
        environment.call(
            destination: "io.github.applock.AppLock1", path: "/io/github/applock/AppLock1",
            method: "io.github.applock.AppLock1.Manager.\(member)", arguments
        )
    }
}
