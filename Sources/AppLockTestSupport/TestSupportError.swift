/// A failure of the test scaffolding itself (a daemon that did not start, a mock call that failed).
public struct TestSupportError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with any output of the failing command.
    public let description: String

    /// Creates an error with the given explanation.
    public init(_ description: String) {
        self.description = description
    }
}
