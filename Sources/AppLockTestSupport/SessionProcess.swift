public import Foundation
import Glibc

/// A program started in a `TestEnvironment` (tracked, so cleanup ends it), its output appended to a log file.
public final class SessionProcess: @unchecked Sendable {
    public let environment: TestEnvironment
    public let argv: [String]
    public let logFile: URL
    private let process: Process

    /// Starts `argv` with `variables` as its whole environment.
    public init(_ argv: [String], variables: [String: String], in environment: TestEnvironment, logName: String) throws {
        self.environment = environment
        self.argv = argv
        self.logFile = environment.logDirectory.appendingPathComponent("\(logName)-\(UUID().uuidString.prefix(6)).log")
        process = try CommandRunner.launch(argv, environment: variables, log: logFile)
        environment.track(process.processIdentifier)
    }

    deinit { stop() }

    public var pid: Int32 { process.processIdentifier }

    public var isRunning: Bool { process.isRunning && ProcessLiveness.isAlive(pid) }

    public func logText() -> String { CommandRunner.readText(logFile) }

    /// Sends `signal`.
    public func kill(_ signal: Int32) { _ = Glibc.kill(pid, signal) }

    /// Waits until it has ended; false when it still runs after `timeout`.
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(10)) -> Bool {
        waitUntil(timeout: timeout) { !isRunning }
    }

    /// SIGTERM, then SIGKILL after a grace period.
    public func stop() {
        ProcessLiveness.stop(pid, grace: .seconds(3))
        environment.untrack(pid)
    }
}
