import AppLockTestSupport
import Foundation
import Testing

/// The README a new user follows keeps working: every relative link of it and of `docs/*.md` reaches a file (and
/// a heading, for an anchor), and its quick start, run command by command against the real applockd on a private
/// bus with a real keyring, leaves the app guarded and locked.
@Suite struct ReadmeTests {
    static let root = BuiltProducts.packageRoot

    /// The Markdown files a reader moves between: the README and everything in `docs/`.
    static func documents() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return [root.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
    }

    @Test func everyRelativeLinkReachesItsFileAndHeading() throws {
        let documents = try Self.documents()
        #expect(documents.count > 5, "docs/ holds the README's longer text")
        var checked = 0
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for target in MarkdownText.linkTargets(in: text) where !target.contains("://") && !target.hasPrefix("mailto:") {
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? document
                    : document.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                let name = "\(document.lastPathComponent): \(target)"
                guard FileManager.default.fileExists(atPath: file.path) else {
                    Issue.record("\(name): no such file \(file.path)")
                    continue
                }
                if parts.count == 2 {
                    let headings = MarkdownText.anchors(in: try String(contentsOf: file, encoding: .utf8))
                    #expect(headings.contains(parts[1]), "\(name): no heading with that anchor in \(file.lastPathComponent)")
                }
            }
        }
        #expect(checked > 20)
    }

    @Test func theQuickStartProtectsAndLocksTheApp() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let commands = MarkdownText.quickStart(in: readme)
        #expect(commands.count == 3, "the README's quick start is three commands: \(commands)")
        let env = try TestEnvironment()
        defer { env.cleanup() }
        try env.startKeyring()
        let agent = try AgentProcess(environment: env)
        defer { agent.terminate() }
        try agent.waitUntilServing()

        var app: String?
        for command in commands {
            let words = command.split(separator: " ").map(String.init)
            try #require(words.first == "applockctl", "a quick-start command that is not applockctl: \(command)")
            var arguments = Array(words.dropFirst())
            var input: String?
            if arguments.first == "set-passcode" {
                // The README's user types the passcode at the terminal's prompt; the test gives it on stdin.
                arguments.append("--stdin")
                input = "2580\n"
            }
            app = words.last
            let result = env.applockctl(arguments, input: input)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let id = try #require(app)
        #expect(env.applockctl(["guard", "list"]).stdout.split(separator: "\n").contains(Substring(id)))
        let status = env.applockctl(["status", id, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        #expect(object?["state"] as? String == "locked", "\(status.stdout)\(status.stderr)")
        #expect(env.applockctl(["unlock", id, "--stdin"], input: "2580\n").status == 0)
    }
}
