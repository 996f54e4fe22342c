import Foundation
import Glibc

/// A command left running while the test does something else (a `dbus-send` whose answer waits on polkit):
/// its pid while it runs, its result once it ended.
public final class BackgroundCommand {
    private let process: Process
    private let outURL: URL
    private let errURL: URL
    private let environment: TestEnvironment

    /// Starts `argv` (looked up on the environment's PATH) with the environment's variables.
    public init(_ argv: [String], in environment: TestEnvironment) throws {
        let name = UUID().uuidString
        outURL = environment.root.appendingPathComponent("\(name).out")
        errURL = environment.root.appendingPathComponent("\(name).err")
        process = try CommandRunner.launch(argv, environment: environment.environment, log: outURL, errorLog: errURL)
        self.environment = environment
        environment.track(process.processIdentifier)
    }

    /// The running command's process id.
    public var pid: Int32 { process.processIdentifier }

    /// True while the command runs.
    public var isRunning: Bool { process.isRunning }

    /// Waits for the command to end; nil when it still runs after `timeout` (it is then killed).
    public func result(timeout: Duration) -> CommandResult? {
        let ended = waitUntil(timeout: timeout) { !process.isRunning }
        if !ended { kill(process.processIdentifier, SIGKILL) }
        environment.untrack(process.processIdentifier)
        guard ended else { return nil }
        return CommandResult(status: process.terminationStatus, stdout: CommandRunner.readText(outURL),
                             stderr: CommandRunner.readText(errURL))
    }
}
