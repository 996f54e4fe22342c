extension KeyFile {
    /// `text` (a valid key file) with `key` in `group` set to `value`: the key's line replaced where it is, else
    /// added right after the group's header, else the group appended. Comments and every other line stay as they
    /// were. A file that does not parse is an error and nothing is changed.
    public static func setting(
        _ key: String, to value: String, inGroup group: String, of text: String, fileName: String
    ) throws(KeyFileError) -> String {
        let parsed = try parse(text, fileName: fileName)
        var lines = text.isEmpty ? [] : lines(of: text)
        if lines.last == "" { lines.removeLast() }
        let line = "\(key)=\(value)"
        if let existing = parsed.group(group) {
            if let entry = existing.entry(key) {
                lines[entry.line - 1] = line
            } else {
                lines.insert(line, at: existing.line)
            }
        } else {
            if let last = lines.last, !last.isEmpty { lines.append("") }
            lines += ["[\(group)]", line]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
