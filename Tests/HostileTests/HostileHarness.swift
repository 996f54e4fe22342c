import AppLockTestSupport
import Foundation
import Testing

/// One agent under hostile conditions: its own private session bus (and system
/// bus with a mocked logind when asked), a real gnome-keyring, temporary XDG
/// directories, and the real `applockd`.
final class HostileHarness {
    let environment: TestEnvironment
    let agent: AgentProcess

    /// `policy`, when given, is written to `$XDG_CONFIG_HOME/applock/applock.conf` as the `[Policy]` group body.
    init(keyring: Bool = true, logind: Bool = false, policy: String? = nil,
         prepare: (TestEnvironment) throws -> Void = { _ in }) throws {
        environment = try TestEnvironment(systemBus: logind)
        if keyring { try environment.startKeyring() }
        if logind { try environment.startLogind() }
        if let policy {
            let directory = environment.configHome.appendingPathComponent("applock")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try "[Policy]\n\(policy)\n".write(
                to: directory.appendingPathComponent("applock.conf"), atomically: true, encoding: .utf8)
        }
        try prepare(environment)
        agent = try AgentProcess(environment: environment)
        try agent.waitUntilServing(timeout: .seconds(20))
    }

    /// `$XDG_STATE_HOME/applock`, where the lock-out ledger lives.
    var stateDirectory: URL { environment.stateHome.appendingPathComponent("applock") }

    /// The lock-out ledger file.
    var ledgerFile: URL { stateDirectory.appendingPathComponent("lockouts") }

    func client() throws -> AgentClient {
        try AgentClient(environment)
    }

    /// SIGKILLs the agent (no chance to clean up) and starts it again; returns when it serves.
    func killAndRestart() throws {
        agent.kill(SIGKILL)
        _ = agent.waitForExit(timeout: .seconds(10))
        try agent.restart()
        try agent.waitUntilServing(timeout: .seconds(20))
    }

    /// Resident memory of the agent in KiB.
    var agentRSS: Int { agent.status(key: "VmRSS") ?? 0 }

    /// The agent's anonymous resident memory in KiB (`RssAnon`): its heap, stacks and other private memory, without
    /// the pages of its own program and libraries that running a new code path brings in from the file.
    var agentAnonymousRSS: Int { agent.status(key: "RssAnon") ?? 0 }
}
