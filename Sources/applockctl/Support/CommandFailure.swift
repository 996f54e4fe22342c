/// A failure reported to the user as one sentence on standard error, with its exit status.
struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// The status applockctl exits with.
    let status: ExitStatus
    /// One clear sentence; never contains a passcode.
    let message: String

    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { message }
}
