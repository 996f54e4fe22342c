import AppLockTestSupport
import Foundation

/// A running `applock-lock-window`, found next to the test executable (as `applockd` is).
final class LockWindowProcess {
    let process: Process
    private let logFile: URL

    init(_ arguments: [String], display: XDisplay, environment: TestEnvironment) throws {
        let executable = try AgentProcess.locateExecutable().deletingLastPathComponent()
            .appendingPathComponent("applock-lock-window")
        logFile = environment.logDirectory.appendingPathComponent("lock-window-\(UUID().uuidString.prefix(6)).log")
        // GTK registers with AT-SPI only when the bridge is not turned off.
        process = try display.launch(
            [executable.path] + arguments, extraEnvironment: ["GTK_A11Y": "atspi"], log: logFile)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var isRunning: Bool { process.isRunning }

    /// What it wrote to stdout and stderr.
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// The exit status once it has ended within `timeout`, nil if it still runs.
    func exitStatus(within timeout: Duration) -> Int32? {
        guard waitUntil(timeout: timeout, { !process.isRunning }) else { return nil }
        return process.terminationStatus
    }
}
