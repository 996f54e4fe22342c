import Foundation

/// `docs/ARCHITECTURE.md` as the tests read it: the module graph (a ```` ```module-graph ```` block of
/// `Target: dependency, dependency` lines) and the import rules (a ```` ```import-rules ```` block of
/// `Targets !-> Modules` lines, where a name ending in `*` stands for every target it begins), the public surface of
/// the client library (a ```` ```client-surface ```` block of type names) and the action types each executor switches
/// over without `default:` (a ```` ```exhaustive-executors ```` block of `Folder: Type, Type` lines).
struct ArchitectureDocument {
    /// A rule: no target matching `sources` may reach any of `forbidden`, directly or through other targets.
    struct ImportRule {
        let sources: [String]
        let forbidden: [String]
    }

    let graph: [String: Set<String>]
    let rules: [ImportRule]
    /// The public top-level types of `AppLockClient`.
    let clientSurface: Set<String>
    /// Per source folder, the action types its switches carry out.
    let executors: [String: [String]]

    static func read(_ url: URL) throws -> ArchitectureDocument {
        let text = try String(contentsOf: url, encoding: .utf8)
        var graph: [String: Set<String>] = [:]
        for line in try block("module-graph", in: text) {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, graph[parts[0]] == nil else {
                throw ManifestError("module-graph: cannot read \"\(line)\"")
            }
            graph[parts[0]] = Set(names(parts[1]))
        }
        let rules = try block("import-rules", in: text).map { line in
            let parts = line.components(separatedBy: "!->")
            guard parts.count == 2 else { throw ManifestError("import-rules: cannot read \"\(line)\"") }
            return ImportRule(sources: names(parts[0]), forbidden: names(parts[1]))
        }
        let surface = try block("client-surface", in: text).flatMap(names)
        var executors: [String: [String]] = [:]
        for line in try block("exhaustive-executors", in: text) {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { throw ManifestError("exhaustive-executors: cannot read \"\(line)\"") }
            executors[parts[0]] = names(parts[1])
        }
        return ArchitectureDocument(graph: graph, rules: rules, clientSurface: Set(surface), executors: executors)
    }

    /// The graph as the document would print it, for a failure message that shows what to paste.
    static func render(_ graph: [String: Set<String>]) -> String {
        graph.keys.sorted().map { "\($0): \(graph[$0]!.sorted().joined(separator: ", "))" }
            .map { $0.hasSuffix(": ") ? String($0.dropLast()) : $0 }
            .joined(separator: "\n")
    }

    /// Whether `name` is one of `patterns` (exactly, or by the prefix of a pattern ending in `*`).
    static func matches(_ name: String, _ patterns: [String]) -> Bool {
        patterns.contains { $0.hasSuffix("*") ? name.hasPrefix($0.dropLast()) : name == $0 }
    }

    private static func names(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func block(_ label: String, in text: String) throws -> [String] {
        guard let start = text.range(of: "```\(label)\n"),
              let end = text.range(of: "\n```", range: text.index(before: start.upperBound)..<text.endIndex)
        else { throw ManifestError("docs/ARCHITECTURE.md has no ```\(label) block") }
        return text[start.upperBound..<max(start.upperBound, end.lowerBound)].split(separator: "\n").map(String.init)
    }
}
