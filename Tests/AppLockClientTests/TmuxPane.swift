import AppLockTestSupport
import Foundation

/// A program running in a detached tmux session on a private tmux server (its own socket, run in the foreground
/// as our child so that nothing daemonizes), driven with
/// `send-keys` and read with `capture-pane`; every capture saved with ``save(_:)`` is kept under
/// `artifacts/applock-demo/` at the repository root.
final class TmuxPane: @unchecked Sendable {
    let environment: TestEnvironment
    let socket: String
    let artifacts: URL
    private var lastCapture = ""
    private let server: Process
    private static let extraEnvironment = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color"]

    /// The repository root (this file is `Tests/AppLockClientTests/TmuxPane.swift`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    init(environment: TestEnvironment, command: [String], artifactsName: String, width: Int = 90, height: Int = 34) throws {
        self.environment = environment
        socket = environment.root.appendingPathComponent("tmux.sock").path
        artifacts = Self.repositoryRoot.appendingPathComponent("artifacts/\(artifactsName)")
        try? FileManager.default.removeItem(at: artifacts)
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        server.arguments = ["-D", "-u", "-f", "/dev/null", "-S", socket]
        server.environment = environment.environment.merging(Self.extraEnvironment) { $1 }
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let socketPath = socket
        guard waitUntil(timeout: .seconds(5), { FileManager.default.fileExists(atPath: socketPath) }) else {
            throw TestSupportError("the tmux server did not create its socket")
        }
        let shellCommand = "exec " + command.map { "'\($0)'" }.joined(separator: " ")
        let result = tmux(["new-session", "-d", "-s", "demo", "-x", "\(width)", "-y", "\(height)", shellCommand])
        guard result.succeeded else { throw TestSupportError("tmux new-session failed: \(result.stderr)") }
    }

    deinit {
        _ = tmux(["kill-server"])
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }

    @discardableResult
    func tmux(_ arguments: [String]) -> CommandResult {
        environment.run(
            ["tmux", "-u", "-f", "/dev/null", "-S", socket] + arguments,
            extraEnvironment: Self.extraEnvironment,
            timeout: .seconds(10))
    }

    /// The pane's text now.
    func capture() -> String {
        let text = tmux(["capture-pane", "-p", "-t", "demo"]).stdout
        lastCapture = text
        return text
    }

    /// Types `text` literally.
    func type(_ text: String) {
        tmux(["send-keys", "-t", "demo", "-l", text])
    }

    /// Presses a named key (`Enter`, `Escape`, `C-z`).
    func press(_ key: String) {
        tmux(["send-keys", "-t", "demo", key])
    }

    /// Captures until `condition` holds on the pane's text or `timeout` passes; returns the last capture and
    /// whether it held.
    func waitFor(timeout: Duration = .seconds(10), _ condition: (String) -> Bool) -> (text: String, held: Bool) {
        let held = waitUntil(timeout: timeout, pollEvery: .milliseconds(25)) { condition(capture()) }
        return (lastCapture, held)
    }

    /// Keeps `text` as `artifacts/<name>/<file>.txt`.
    func save(_ file: String, _ text: String) {
        try? text.write(to: artifacts.appendingPathComponent("\(file).txt"), atomically: true, encoding: .utf8)
    }
}
