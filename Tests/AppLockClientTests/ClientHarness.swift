import AppLockClient
import AppLockProtocol
import AppLockTestSupport
import Foundation

/// A private session bus (and a system bus with a mocked logind when asked), an unlocked keyring, temporary XDG
/// directories and the real `applockd`.
final class ClientHarness: @unchecked Sendable {
    let environment: TestEnvironment
    let agent: AgentProcess

    /// `policy` lines go into `$XDG_CONFIG_HOME/applock/applock.conf` under `[Policy]` before the agent starts;
    /// `polkit` puts python-dbusmock's polkitd on the system bus.
    init(logind: Bool = false, polkit: Bool = false, policy: [String] = []) throws {
        environment = try TestEnvironment(systemBus: logind || polkit)
        if !policy.isEmpty {
            let directory = environment.configHome.appendingPathComponent("applock")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try (["[Policy]"] + policy).joined(separator: "\n").appending("\n")
                .write(to: directory.appendingPathComponent("applock.conf"), atomically: true, encoding: .utf8)
        }
        try environment.startKeyring()
        if logind { try environment.startLogind() }
        if polkit { try environment.startPolkit() }
        agent = try AgentProcess(environment: environment)
        try agent.waitUntilServing(timeout: .seconds(20))
    }

    /// A session for `appID` on the private bus.
    func session(_ appID: String, lifecycle: (any AppLockLifecycle)? = nil) throws -> AppLockSession {
        try AppLockSession(appID: AppID(appID), busAddress: environment.sessionBus.address, lifecycle: lifecycle)
    }

    /// Kills the agent with SIGKILL and waits until it is gone.
    func killAgent() {
        agent.kill(SIGKILL)
        agent.waitForExit(timeout: .seconds(5))
    }

    /// Starts the agent again and waits until it serves.
    func restartAgent() throws {
        try agent.restart()
        try agent.waitUntilServing(timeout: .seconds(20))
    }

    deinit {
        agent.terminate()
        environment.cleanup()
    }
}

/// App ids these tests use (valid, written out).
extension AppID {
    static let notes = try! AppID("org.example.Notes")
    static let mail = try! AppID("org.example.Mail")
    static let nobody = try! AppID("org.example.Nobody")
}
