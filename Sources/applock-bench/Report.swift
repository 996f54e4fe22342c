import Foundation

/// The bench's results: rows of figures, printed as a table or as JSON.
final class Report {
    /// One measured figure, with the target it is judged against when there is one.
    struct Row: Codable {
        var section: String
        var metric: String
        var value: Double
        var unit: String
        var target: String?
        var met: Bool?
    }

    private(set) var rows: [Row] = []
    var notes: [String] = []

    func add(_ section: String, _ metric: String, _ value: Double, _ unit: String, target: String? = nil,
             met: Bool? = nil) {
        rows.append(Row(section: section, metric: metric, value: value, unit: unit, target: target, met: met))
        let verdict = met.map { $0 ? "  [met]" : "  [MISSED]" } ?? ""
        FileHandle.standardError.write("bench: \(section) / \(metric): \(Self.format(value)) \(unit)\(verdict)\n"
            .data(using: .utf8)!)
    }

    static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        if abs(value) >= 100 { return String(format: "%.0f", value) }
        if abs(value) >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }

    /// The Markdown table (docs/performance.md shows the same).
    func table() -> String {
        var lines = ["| section | metric | value | target |", "| --- | --- | ---: | --- |"]
        for row in rows {
            let target = row.target.map { t in t + (row.met.map { $0 ? " ✔" : " ✘ missed" } ?? "") } ?? ""
            lines.append("| \(row.section) | \(row.metric) | \(Self.format(row.value)) \(row.unit) | \(target) |")
        }
        return (lines + notes.map { "\n" + $0 }).joined(separator: "\n")
    }

    func json() throws -> String {
        struct Document: Codable {
            var rows: [Row]
            var notes: [String]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(Document(rows: rows, notes: notes)), as: UTF8.self)
    }
}
