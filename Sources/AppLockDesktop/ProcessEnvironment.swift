import Glibc

/// This process's environment as a dictionary, read from `environ` (the first of a repeated name wins, as getenv's).
public enum ProcessEnvironment {
    /// The environment now.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "="), result[String(text[..<equals])] == nil {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
