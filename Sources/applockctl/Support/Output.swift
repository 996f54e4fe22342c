import Glibc

/// Writes results to standard output and failures to standard error, unbuffered, so that a pipe sees each line as it happens.
enum Output {
    /// Prints `line` on standard output.
    static func line(_ line: String) {
        write(line + "\n", to: STDOUT_FILENO)
    }

    /// Prints `line` on standard error.
    static func error(_ line: String) {
        write(line.hasSuffix("\n") ? line : line + "\n", to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Prints `object` as JSON: indented with sorted keys, or compact on one line.
    static func json(_ object: Any, pretty: Bool = true) {
        line(JSONText.render(object, pretty: pretty))
    }

    /// Formats rows as left-aligned columns separated by two spaces (the last column is not padded).
    static func table(_ rows: [[String]]) -> [String] {
        guard let columns = rows.map(\.count).max(), columns > 0 else { return [] }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }.joined(separator: "  ")
        }
    }
}
