import Foundation
import Glibc

/// Runs and launches child processes with an explicit environment; output goes to files, never to pipes,
/// so a daemon that keeps its parent's stdout open cannot make a caller wait forever.
enum CommandRunner {
    /// Finds `name` on the `PATH` of `environment` (or returns it unchanged when it already contains a slash).
    static func resolve(_ name: String, environment: [String: String]) throws -> URL {
        if name.contains("/") {
            return URL(fileURLWithPath: name)
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return URL(fileURLWithPath: candidate)
            }
        }
        throw TestSupportError("\(name) not found on PATH \(path)")
    }

    /// Runs `argv` to completion (or until `timeout`, after which it is killed) and collects its output.
    static func run(
        _ argv: [String],
        environment: [String: String],
        input: String? = nil,
        scratch: URL,
        timeout: Duration
    ) -> CommandResult {
        let name = UUID().uuidString
        let outURL = scratch.appendingPathComponent("\(name).out")
        let errURL = scratch.appendingPathComponent("\(name).err")
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        do {
            let out = try createOutputFile(outURL)
            let err = try createOutputFile(errURL)
            let finished = DispatchSemaphore(value: 0)
            let process = try start(argv, environment: environment, stdout: out, stderr: err, input: input) {
                finished.signal()
            }
            if finished.wait(timeout: .now() + timeout.timeInterval) == .timedOut {
                Glibc.kill(process.processIdentifier, SIGKILL)
                guard finished.wait(timeout: .now() + 2) == .success else {
                    return CommandResult(status: 128 + SIGKILL, stdout: readText(outURL), stderr: readText(errURL))
                }
            }
            let status = process.terminationReason == .uncaughtSignal
                ? 128 + process.terminationStatus
                : process.terminationStatus
            return CommandResult(status: status, stdout: readText(outURL), stderr: readText(errURL))
        } catch {
            return CommandResult(status: 127, stdout: "", stderr: "\(argv[0]): \(error)")
        }
    }

    /// Starts `argv` in the background with stdout appended to `log` and stderr to `errorLog` (default: `log`).
    /// `input`, when given, is written to its stdin, which is then closed.
    ///
    /// Never use it (nor `run`) for a program that forks itself into the background: Foundation learns that a child
    /// ended from a socket the child inherits, so a daemonized grandchild hides the exit. Start daemons in the
    /// foreground instead.
    static func launch(
        _ argv: [String],
        environment: [String: String],
        log: URL,
        errorLog: URL? = nil,
        input: String? = nil
    ) throws -> Process {
        let out = try appendHandle(log)
        let err = try errorLog.map(appendHandle) ?? out
        return try start(argv, environment: environment, stdout: out, stderr: err, input: input, onExit: nil)
    }

    /// Starts `argv` with its output on `stdout`/`stderr` (closed here once the child has them) and `input`, when
    /// given, written to its stdin, which is then closed. `onExit` runs when the child ends.
    private static func start(
        _ argv: [String], environment: [String: String], stdout: FileHandle, stderr: FileHandle, input: String?,
        onExit: (@Sendable () -> Void)?
    ) throws -> Process {
        defer {
            try? stdout.close()
            try? stderr.close()
        }
        let process = Process()
        process.executableURL = try resolve(argv[0], environment: environment)
        process.arguments = Array(argv.dropFirst())
        process.environment = environment
        process.standardOutput = stdout
        process.standardError = stderr
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        if let onExit { process.terminationHandler = { _ in onExit() } }
        try withUnblockedSignals { try process.run() }
        if let input {
            try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        }
        try? stdin.fileHandleForWriting.close()
        return process
    }

    /// Runs `body` (which spawns a child) with the calling thread's signal mask emptied.
    ///
    /// A child inherits the mask of the thread that spawns it, and Dispatch and Swift concurrency worker threads
    /// block SIGTERM and friends: without this, a daemon started from a test would never see our SIGTERM.
    static func withUnblockedSignals<Result>(_ body: () throws -> Result) rethrows -> Result {
        var empty = sigset_t()
        var saved = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        return try body()
    }

    /// Reads a file as UTF-8 text, or "" when it cannot be read.
    static func readText(_ url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    private static func createOutputFile(_ url: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw TestSupportError("cannot create \(url.path)")
        }
        return try FileHandle(forWritingTo: url)
    }

    private static func appendHandle(_ url: URL) throws -> FileHandle {
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        return handle
    }
}

extension Duration {
    /// The duration in seconds, for Foundation and Dispatch APIs.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
