import Foundation
import Translation

/// Writes results to standard output and failures to standard error, unbuffered, so that a pipe sees each line as it happens.
enum Output {
    /// Prints `line` on standard output.
    static func line(_ line: String) {
        write(line + "\n", to: .standardOutput)
    }

    /// Prints `line` on standard error.
    static func error(_ line: String) {
        write(line.hasSuffix("\n") ? line : line + "\n", to: .standardError)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        try? handle.write(contentsOf: Data(text.utf8))
    }

    /// Prints `object` as JSON: indented with sorted keys, or compact on one line.
    static func json(_ object: Any, pretty: Bool = true) {
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        if pretty { options.insert(.prettyPrinted) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else {
            error(L("Cannot render the result as JSON."))
            return
        }
        line(String(decoding: data, as: UTF8.self))
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
