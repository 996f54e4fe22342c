/// A problem in a policy file, its keyfile syntax or one of its values; `description` reads
/// `file:line: key: problem`.
public struct KeyFileError: Error, Equatable, Sendable, CustomStringConvertible {
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

    public var description: String {
        key.isEmpty ? "\(file):\(line): \(problem)" : "\(file):\(line): \(key): \(problem)"
    }
}
