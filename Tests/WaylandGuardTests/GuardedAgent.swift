import AppLockTestSupport
import DBusKit
import Foundation

/// What every Wayland guard test starts with: private buses, an unlocked keyring, mocked logind and the real
/// agent, with one app guarded (`Guard=true` and `policy` in its policy file, its desktop file when given) and its
/// passcode set unless `withPasscode` is false (a lock then only obscures it).
struct GuardedAgent {
    static let passcode = "1234"

    let environment: TestEnvironment
    let agent: AgentProcess
    let client: AgentClient

    init(app: String, desktopEntry: String?, policy: String = "", withPasscode: Bool = true) throws {
        environment = try TestEnvironment(systemBus: true)
        try environment.startKeyring()
        try environment.startLogind()
        let apps = environment.configHome.appendingPathComponent("applock/apps.d")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try "[Policy]\nGuard=true\n\(policy)".write(
            to: apps.appendingPathComponent("\(app).conf"), atomically: true, encoding: .utf8)
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
