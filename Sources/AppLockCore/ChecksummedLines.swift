/// The framing every state file of the agent shares (the lock-out ledger, the passcode records, the missed
/// attempts): a header line; body lines that each end in the FNV-1a checksum of the fields before it; and
/// `end N CHECKSUM`, where N counts the record lines and CHECKSUM is that of everything before the end line. A
/// file cut short, edited or appended to is told apart from an intact one. Pure; each file type reads its own lines.
package enum ChecksummedLines {
    /// One line after the header, split at spaces (its own checksum still last).
    package struct Line {
        /// Its line number in the file, from 1.
        package let number: Int
        package let fields: [String]
        /// The line's kind, its first field.
        package var kind: String { fields.first ?? "" }
    }

    /// The whole file: `header`, each of `lines` (fields without their checksum) checksummed, and the end line that
    /// counts the `records` among them.
    package static func encode(header: String, lines: [String], records: Int) -> String {
        let body = header + "\n" + lines.map { $0 + " " + FNV1a.hex($0) + "\n" }.joined()
        return body + "end \(records) " + FNV1a.hex(body) + "\n"
    }

    /// Whether `fields` end in the checksum of the fields before it.
    package static func intact(_ fields: [String]) -> Bool {
        fields.count >= 2 && fields.last == FNV1a.hex(fields.dropLast().joined(separator: " "))
    }

    /// Checks the framing of `text` and hands back its lines of the `known` kinds. `damaged` says each problem found
    /// (`line N: problem`): a missing header, an incomplete last line, a line of no known kind, an end line that
    /// does not match (the number of lines whose kind is in `records`, the checksum), text after it, no end line.
    package static func decode(_ text: String, header: String, known: Set<String>, records: Set<String>)
        -> (lines: [Line], damaged: [String])
    {
        var damaged: [String] = []
        var texts = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        if texts.last == "" { texts.removeLast() } else if !text.isEmpty { damaged.append("line \(texts.count): last line is incomplete") }
        if texts.first != header { damaged.append("line 1: missing or unknown header") }
        var lines: [Line] = []
        var prefix = ""
        var recordLines = 0
        var sawEnd = false
        for (index, text) in texts.enumerated() {
            let number = index + 1
            defer { prefix += text + "\n" }
            if index == 0 && text == header { continue }
            if sawEnd {
                damaged.append("line \(number): text after the end line")
                continue
            }
            let line = Line(number: number, fields: text.split(separator: " ", omittingEmptySubsequences: false).map(String.init))
            if line.kind == "end" {
                sawEnd = true
                if line.fields.count != 3 || line.fields[1] != String(recordLines) || line.fields[2] != FNV1a.hex(prefix) {
                    damaged.append("line \(number): end line does not match the file")
                }
            } else if known.contains(line.kind) {
                if records.contains(line.kind) { recordLines += 1 }
                lines.append(line)
            } else if index != 0 {
                // A bad first line was already reported as a bad header.
                damaged.append("line \(number): unreadable line")
            }
        }
        if !sawEnd { damaged.append("file is truncated: no end line") }
        return (lines, damaged)
    }
}
