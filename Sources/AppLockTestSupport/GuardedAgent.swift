import Foundation

/// What every guard test starts with, on X11 and on Wayland: private buses (a system bus too), an unlocked keyring,
/// mocked logind and the real agent, with one app in its policy file (`Guard=true` unless `guarded` is false, then
/// `policy`), its desktop file when given, and its passcode set unless `withPasscode` is false (a lock then only
/// obscures it). The caller cleans the environment up.
public struct GuardedAgent {
    public static let passcode = "1234"

    public let environment: TestEnvironment
    public let agent: AgentProcess
    public let client: AgentClient

    /// `serviceDirectories` are the session bus's D-Bus activation folders.
    public init(app: String, desktopEntry: String?, policy: String = "", guarded: Bool = true,
                withPasscode: Bool = true, serviceDirectories: [String] = []) throws {
        environment = try TestEnvironment(systemBus: true, serviceDirectories: serviceDirectories)
        try environment.startKeyring()
        try environment.startLogind()
        try environment.writeAppPolicy(app, "\(guarded ? "Guard=true\n" : "")\(policy)")
        if let desktopEntry {
            let applications = environment.dataHome.appendingPathComponent("applications")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            try desktopEntry.write(to: applications.appendingPathComponent("\(app).desktop"), atomically: true, encoding: .utf8)
        }
        let agent = try AgentProcess(environment: environment)
        self.agent = agent
        try agent.waitUntilServing()
        _ = waitUntil(timeout: .seconds(10)) { agent.logText().contains("watching logind session") }
        client = try AgentClient(environment)
        if withPasscode {
            _ = try client.call("SetPasscode", [.string(app), .string(Self.passcode), .string("four-digit")])
        }
    }
}
