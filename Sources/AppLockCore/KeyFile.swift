/// A parsed desktop-entry-syntax keyfile: `[Group]` headers, `Key=Value` entries, `#` comments.
/// Localized keys (`Key[xx]`) are skipped; values are unescaped (`\s \n \t \r \\ \;`).
public struct KeyFile: Equatable, Sendable {
    /// One `Key=Value` line.
    public struct Entry: Equatable, Sendable {
        public var key: String
        /// The unescaped value.
        public var value: String
        public var line: Int
    }

    /// One `[Name]` group and its entries in file order.
    public struct Group: Equatable, Sendable {
        public var name: String
        public var line: Int
        public var entries: [Entry]

        /// The entry for `key`, if present.
        public func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }
    }

    /// The name used in error messages.
    public var fileName: String
    public var groups: [Group]

    /// The group named `name`, if present.
    public func group(_ name: String) -> Group? { groups.first { $0.name == name } }

    /// Parses `text`; errors name `fileName` and the line.
    public static func parse(_ text: String, fileName: String) throws(KeyFileError) -> KeyFile {
        var parser = LineParser(file: KeyFile(fileName: fileName, groups: []), skipsBadLines: false)
        for (index, line) in lines(of: text).enumerated() { try parser.add(line, number: index + 1) }
        return parser.file
    }

    /// Parses `text` as the desktop reads desktop files: each line ``parse(_:fileName:)`` would reject is skipped
    /// (with the entries under a malformed group header), a repeated group continues the first, and a repeated key
    /// keeps its first value. Returns the problems met on the way.
    public static func parseSkippingBadLines(_ text: String, fileName: String) -> (file: KeyFile, problems: [KeyFileError]) {
        var parser = LineParser(file: KeyFile(fileName: fileName, groups: []), skipsBadLines: true)
        var problems: [KeyFileError] = []
        for (index, line) in lines(of: text).enumerated() {
            do throws(KeyFileError) { try parser.add(line, number: index + 1) } catch { problems.append(error) }
        }
        return (parser.file, problems)
    }

    /// The file read so far and the group its next entries go to.
    private struct LineParser {
        var file: KeyFile
        let skipsBadLines: Bool
        /// The group new entries go to; nil before the first header and after a malformed one.
        var current: Int?

        init(file: KeyFile, skipsBadLines: Bool) {
            self.file = file
            self.skipsBadLines = skipsBadLines
        }

        mutating func add(_ rawLine: String, number: Int) throws(KeyFileError) {
            func fail(_ key: String, _ problem: String) -> KeyFileError {
                KeyFileError(file: file.fileName, line: number, key: key, problem: problem)
            }
            let trimmed = KeyFile.trimSpaces(Substring(rawLine))
            if trimmed.isEmpty || trimmed.first == "#" { return }
            if trimmed.first == "[" {
                current = nil
                guard trimmed.last == "]", trimmed.count >= 3 else { throw fail("", "malformed group header") }
                let name = String(trimmed.dropFirst().dropLast())
                guard name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7f && $0 != "[" && $0 != "]" }) else {
                    throw fail("", "group name may only contain printable ASCII without [ and ]")
                }
                if let earlier = file.groups.firstIndex(where: { $0.name == name }) {
                    guard skipsBadLines else { throw fail("", "group [\(name)] appears twice") }
                    current = earlier
                    return
                }
                file.groups.append(Group(name: name, line: number, entries: []))
                current = file.groups.count - 1
                return
            }
            guard let equals = trimmed.firstIndex(of: "=") else { throw fail("", "expected Key=Value, a [Group] or a # comment") }
            let keyPart = KeyFile.trimSpaces(trimmed[..<equals])
            let valuePart = KeyFile.trimSpaces(trimmed[trimmed.index(after: equals)...])
            guard !keyPart.isEmpty else { throw fail("", "missing key before =") }
            var key = keyPart
            var localized = false
            if let open = keyPart.firstIndex(of: "[") {
                guard keyPart.last == "]", open != keyPart.startIndex else { throw fail(String(keyPart), "malformed localized key") }
                key = keyPart[..<open]
                localized = true
            }
            guard key.unicodeScalars.allSatisfy({ KeyFile.isKeyScalar($0) }) else {
                throw fail(String(keyPart), "key may only contain A-Z a-z 0-9 and -")
            }
            guard let current else {
                if file.groups.isEmpty { throw fail(String(key), "entry before the first [Group]") }
                return
            }
            if localized { return }
            let value = try KeyFile.unescape(valuePart, file: file.fileName, line: number, key: String(key))
            if file.groups[current].entries.contains(where: { $0.key == key }) {
                throw fail(String(key), "key appears twice in [\(file.groups[current].name)]")
            }
            file.groups[current].entries.append(Entry(key: String(key), value: value, line: number))
        }
    }

    /// Splits a list value on `;` or `,`, trimming spaces and dropping empty items (a trailing `;` is allowed).
    public static func listItems(_ value: String) -> [String] {
        value.split(whereSeparator: { $0 == ";" || $0 == "," }).map { String(trimSpaces($0)) }.filter { !$0.isEmpty }
    }

    /// Splits on LF bytes (a CR before the LF is dropped); Character-wise splitting would keep "\r\n" whole.
    static func lines(of text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { bytes in
            var slice = bytes
            if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
            return String(decoding: slice, as: UTF8.self)
        }
    }

    fileprivate static func isKeyScalar(_ s: Unicode.Scalar) -> Bool {
        (s >= "A" && s <= "Z") || (s >= "a" && s <= "z") || (s >= "0" && s <= "9") || s == "-"
    }

    static func trimSpaces(_ s: Substring) -> Substring {
        var s = s
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }

    fileprivate static func unescape(_ s: Substring, file: String, line: Int, key: String) throws(KeyFileError) -> String {
        var out = ""
        var iterator = s.makeIterator()
        while let c = iterator.next() {
            guard c == "\\" else {
                out.append(c)
                continue
            }
            switch iterator.next() {
            case "s": out.append(" ")
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "\\": out.append("\\")
            case ";": out.append(";")
            case nil: throw KeyFileError(file: file, line: line, key: key, problem: "value ends with a lone backslash")
            case let other?: throw KeyFileError(file: file, line: line, key: key, problem: "unknown escape \\\(other)")
            }
        }
        return out
    }
}
