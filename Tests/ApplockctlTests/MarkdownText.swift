import Foundation

/// The parts of Markdown the README tests read: link targets, heading anchors as GitHub makes them, and the
/// commands between `<!-- quick-start` and `<!-- /quick-start -->`.
enum MarkdownText {
    /// The lines outside fenced and indented code blocks.
    static func proseLines(of text: String) -> [Substring] {
        var inFence = false
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if inFence || line.hasPrefix("    ") { continue }
            lines.append(line)
        }
        return lines
    }

    /// Every `](target)` of a link or image, without a title.
    static func linkTargets(in text: String) -> [String] {
        proseLines(of: text).flatMap { line -> [String] in
            line.components(separatedBy: "](").dropFirst().compactMap { rest in
                guard let end = rest.firstIndex(of: ")") else { return nil }
                return String(rest[..<end]).split(separator: " ").first.map(String.init)
            }
        }
    }

    /// GitHub's anchor of each heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchors(in text: String) -> Set<String> {
        Set(proseLines(of: text).filter { $0.hasPrefix("#") }.map { line in
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            return String(title.unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
        })
    }

    /// The quick start's commands, comments taken off.
    static func quickStart(in text: String) -> [String] {
        var inside = false
        var commands: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("<!-- quick-start") { inside = true; continue }
            if line.hasPrefix("<!-- /quick-start") { break }
            guard inside else { continue }
            let command = line.split(separator: "#", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if !command.isEmpty { commands.append(command) }
        }
        return commands
    }
}
