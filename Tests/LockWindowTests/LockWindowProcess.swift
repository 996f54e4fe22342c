import AppLockTestSupport
import Foundation

/// A running `applock-lock-window`, found next to the test executable (as `applockd` is).
final class LockWindowProcess {
    let process: Process
    private let logFile: URL

    /// Starts the lock window with `arguments` and `environment` added to the desktop's; its standard input is
    /// `input` (a FIFO) when given, else empty.
    init(_ arguments: [String], desktop: AccessibleDesktop, input: URL? = nil, environment: [String: String] = [:]) throws {
        let executable = try PackageFolders.programs().appendingPathComponent("applock-lock-window")
        let argv = input.map { ["/bin/sh", "-c", "exec \"$0\" \"$@\" < '\($0.path)'"] } ?? []
        (process, logFile) = try desktop.launchAccessible(
            argv + [executable.path] + arguments, extraEnvironment: environment,
            log: "lock-window-\(UUID().uuidString.prefix(6)).log")
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
