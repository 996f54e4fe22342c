extension String {
    /// The string without leading and trailing spaces and newlines.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// The string with its first character upper-cased (for sentences that begin with an app id, kept as is).
    var capitalizedFirst: String {
        guard let first else { return self }
        if first.isLowercase && !contains(".") { return first.uppercased() + dropFirst() }
        return self
    }
}
