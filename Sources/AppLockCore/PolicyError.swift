/// A bad policy file or value; `description` reads `file:line: key: problem`.
public struct PolicyError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// The key concerned, or "" when the problem is not about a key.
    public var key: String
    public var problem: String

    public init(file: String, line: Int, key: String, problem: String) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    /// Wraps a keyfile syntax error.
    public init(_ error: KeyFileError) {
        self.init(file: error.file, line: error.line, key: error.key, problem: error.problem)
    }

    public var description: String {
        key.isEmpty ? "\(file):\(line): \(problem)" : "\(file):\(line): \(key): \(problem)"
    }
}
