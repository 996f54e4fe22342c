/// The outcome of a finished command: exit status and everything it printed.
public struct CommandResult: Sendable {
    /// The exit status; a command killed by a signal or by the timeout reports 128 + the signal number.
    public let status: Int32
    /// Standard output, decoded as UTF-8.
    public let stdout: String
    /// Standard error, decoded as UTF-8.
    public let stderr: String

    /// True when the command exited with status 0.
    public var succeeded: Bool { status == 0 }

    /// Creates a result.
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}
