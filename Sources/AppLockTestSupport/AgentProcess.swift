public import Foundation
import Glibc

/// The built `applockd` running in a `TestEnvironment`, with its stdout and stderr appended to a log file.
///
/// The binary is `$APPLOCKD_PATH` when set, else `applockd` next to the running test executable (or in one of its
/// parent directories). The agent is stopped in `terminate()` and from `deinit`.
public final class AgentProcess: @unchecked Sendable {
    /// The well-known name the agent serves on the session bus.
    public static let busName = "io.github.applock.AppLock1"

    /// The environment the agent runs in.
    public let environment: TestEnvironment
    /// The `applockd` binary.
    public let executable: URL
    /// Command-line arguments after the program name.
    public let arguments: [String]
    /// Variables added to (or replacing) the environment's own.
    public let extraEnvironment: [String: String]
    /// The log file collecting stdout and stderr of every run.
    public let logFile: URL

    private let lock = NSLock()
    private var process: Process

    /// Launches the agent.
    public init(
        environment: TestEnvironment,
        arguments: [String] = [],
        extraEnvironment: [String: String] = [:]
    ) throws {
        self.environment = environment
        self.executable = try Self.locateExecutable()
        self.arguments = arguments
        self.extraEnvironment = extraEnvironment
        self.logFile = environment.logDirectory.appendingPathComponent("applockd-\(UUID().uuidString.prefix(8)).log")
        self.process = try Self.launch(executable, arguments, environment, extraEnvironment, logFile)
    }

    deinit {
        terminate()
    }

    /// Finds the `applockd` binary (see the type's documentation).
    public static func locateExecutable() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["APPLOCKD_PATH"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            for candidate in ["applockd", "debug/applockd"] {
                let url = directory.appendingPathComponent(candidate)
                if FileManager.default.isExecutableFile(atPath: url.path) {
                    return url
                }
            }
            directory = directory.deletingLastPathComponent()
        }
        throw TestSupportError("applockd not found next to the test executable; build it or set APPLOCKD_PATH")
    }

    /// The current run's process id.
    public var pid: Int32 {
        lock.withLock { process.processIdentifier }
    }

    /// Whether the current run is still alive.
    public var isRunning: Bool {
        lock.withLock { process.isRunning }
    }

    /// Everything the agent printed so far, over all runs.
    public func logText() -> String {
        CommandRunner.readText(logFile)
    }

    /// Waits until this agent owns `io.github.applock.AppLock1` on the session bus (polling every 20 ms).
    /// Throws, with the log, when the agent exits first or the deadline passes.
    public func waitUntilServing(timeout: Duration = .seconds(10)) throws {
        let pid = self.pid
        var exited = false
        let serving = waitUntil(timeout: timeout, pollEvery: .milliseconds(20)) {
            if !isRunning {
                exited = true
                return true
            }
            return environment.ownerPID(of: Self.busName) == pid
        }
        if exited || !serving {
            let why = exited ? "exited (status \(exitStatus.map(String.init) ?? "?"))" : "is not serving in time"
            throw TestSupportError("applockd \(why); log:\n\(logText())")
        }
    }

    /// The exit status of the current run once it has ended (128 + signal number when killed by a signal).
    public var exitStatus: Int32? {
        lock.withLock {
            guard !process.isRunning else { return nil }
            return process.terminationReason == .uncaughtSignal
                ? 128 + process.terminationStatus
                : process.terminationStatus
        }
    }

    /// Sends `signal` to the agent.
    public func kill(_ signal: Int32) {
        Glibc.kill(pid, signal)
    }

    /// Waits up to `timeout` for the agent to exit; returns its exit status, or nil if it is still running.
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(10)) -> Int32? {
        waitUntil(timeout: timeout) { !isRunning } ? exitStatus : nil
    }

    /// Sends SIGTERM and waits for the exit (SIGKILL after 5 s); returns the exit status.
    @discardableResult
    public func terminate() -> Int32? {
        let pid = self.pid
        ProcessLiveness.stop(pid)
        environment.untrack(pid)
        return waitForExit(timeout: .seconds(2))
    }

    /// Terminates the current run and launches the agent again with the same arguments and environment.
    public func restart() throws {
        terminate()
        let next = try Self.launch(executable, arguments, environment, extraEnvironment, logFile)
        lock.withLock { process = next }
    }

    /// A numeric field of `/proc/<pid>/status`, e.g. `VmRSS` (in kB) or `voluntary_ctxt_switches`.
    public func status(key: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
            return nil
        }
        for line in text.split(separator: "\n") where line.hasPrefix("\(key):") {
            let value = line.dropFirst(key.count + 1).split(whereSeparator: \.isWhitespace).first
            return value.flatMap { Int($0) }
        }
        return nil
    }

    private static func launch(
        _ executable: URL,
        _ arguments: [String],
        _ environment: TestEnvironment,
        _ extraEnvironment: [String: String],
        _ logFile: URL
    ) throws -> Process {
        let process = try CommandRunner.launch(
            [executable.path] + arguments,
            environment: environment.environment.merging(extraEnvironment) { $1 },
            log: logFile
        )
        environment.track(process.processIdentifier)
        return process
    }
}
