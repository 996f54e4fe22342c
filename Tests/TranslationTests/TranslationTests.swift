import Foundation
import Testing
@testable import Translation

/// The `applock` text domain: placeholders filled as translations reorder them, every catalogue complete against a
/// template extracted afresh, and the marking rules that keep xgettext's C parser honest on Swift.
@Suite struct TranslationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The languages the project promises.
    static let promised = ["de", "es", "fr", "he", "it", "ja", "pl", "pt_BR", "ru", "zh_CN"]

    @Test func placeholdersAreFilledByPositionInOrderAndPercentSignsKept() {
        #expect(fill("%2$s, %1$s", ["Notes", "Mail"]) == "Mail, Notes")
        #expect(fill("%1$d von %2$d Ziffern eingegeben", [3, 4]) == "3 von 4 Ziffern eingegeben")
        #expect(fill("%s: %d", ["Notes", 2]) == "Notes: 2")
        #expect(fill("100%% of %1$s", ["it"]) == "100% of it")
        #expect(fill("no placeholder", []) == "no placeholder")
    }

    @Test func withoutACatalogueTheEnglishTextAndItsPluralAreShown() {
        #expect(L("Enter the passcode to unlock %1$s", "Notes") == "Enter the passcode to unlock Notes")
        #expect(N("%d second", "%d seconds", 1) == "1 second")
        #expect(N("%d second", "%d seconds", 45) == "45 seconds")
    }

    @Test("A time to the minute is the locale's time format without its seconds, whatever its clock and language")
    func aTimeToTheMinuteDropsTheLocalesSeconds() {
        #expect(LocalTime.withoutSeconds("%H:%M:%S") == "%H:%M")
        #expect(LocalTime.withoutSeconds("%T") == "%H:%M")
        #expect(LocalTime.withoutSeconds("%r") == "%I:%M %p")
        #expect(LocalTime.withoutSeconds("%H時%M分%S秒") == "%H時%M分")
        #expect(LocalTime.withoutSeconds("%H.%M.%S") == "%H.%M")
    }

    @Test func anInstalledProgramReadsTheCataloguesOfItsPrefix() {
        #expect(Translation.localeDirectory(besideExecutable: "/usr/bin/applockctl") == "/usr/share/locale")
        #expect(Translation.localeDirectory(besideExecutable: "/usr/local/bin/applockd") == "/usr/local/share/locale")
        #expect(Translation.localeDirectory(besideExecutable: "/src/.build/x86_64-unknown-linux-gnu/debug/applockctl")
                    == "/src/.build/x86_64-unknown-linux-gnu/share/locale")
    }

    @Test("Every promised language has a catalogue that, merged with a template extracted afresh from po/POTFILES, has nothing untranslated or fuzzy and passes msgfmt -c")
    func everyCatalogueIsComplete() throws {
        let languages = try Self.lines(of: "po/LINGUAS")
        #expect(Set(languages).isSuperset(of: Self.promised), "po/LINGUAS: \(languages)")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("applock-po-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let template = work.appendingPathComponent("applock.pot").path
        let extracted = Self.run(["make", "-s", "-C", Self.root.path, "pot", "POT_OUT=\(template)"])
        try #require(extracted.status == 0, "make pot: \(extracted.output)")
        for language in languages {
            let merged = work.appendingPathComponent("\(language).po").path
            let merge = Self.run(["msgmerge", "--quiet", "--no-fuzzy-matching", "-o", merged,
                                  Self.root.appendingPathComponent("po/\(language).po").path, template])
            #expect(merge.status == 0, "\(language): \(merge.output)")
            let check = Self.run(["msgfmt", "-c", "--statistics", "-o", "/dev/null", merged])
            #expect(check.status == 0, "\(language): \(check.output)")
            let statistics = check.output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(statistics.hasSuffix("translated messages.") && !statistics.contains(","),
                    "po/\(language).po is not complete: \(statistics)")
        }
    }

    @Test("Every Swift file that marks a string is in po/POTFILES, and every marked string is a single-line literal without interpolation")
    func markedStringsAreExtractable() throws {
        let listed = Set(try Self.lines(of: "po/POTFILES"))
        // Translation itself defines L and N, and AppLockCore N_ (their comments show them).
        for file in try Self.swiftFiles(under: "Sources")
        where !file.hasPrefix("Sources/Translation/") && file != "Sources/AppLockCore/Translatable.swift" {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            var marks = false
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for call in Self.markedLiterals(in: String(line)) {
                    marks = true
                    #expect(call.closed, "\(file):\(number + 1): a marked string must be a literal on one line")
                    #expect(!call.text.contains("\\("), "\(file):\(number + 1): a marked string has an interpolation")
                }
            }
            if marks { #expect(listed.contains(file), "\(file) marks strings but po/POTFILES does not list it") }
        }
    }

    /// The modules whose every user-visible word is marked: the lock window (its set-up flow too), AppLock Settings,
    /// and every other Swift file po/POTFILES lists (applockctl's status, failures and passcode prompts, the
    /// notifications, the keyring advice).
    static func coveredFiles() throws -> [String] {
        let listed = try lines(of: "po/POTFILES").filter { $0.hasSuffix(".swift") }
        let modules = try swiftFiles(under: "Sources/applock-lock-window") + swiftFiles(under: "Sources/applock-settings")
        return Array(Set(modules + listed)).sorted()
    }

    @Test("No sentence a user reads escapes marking in the lock window, Settings and the other files po/POTFILES lists")
    func noShownSentenceEscapesMarking() throws {
        for file in try Self.coveredFiles() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line)
                let trimmed = code.trimmingCharacters(in: .whitespaces)
                // Comments, log lines on standard error (not for users to read), and multi-line literals (help text).
                if trimmed.hasPrefix("//") || code.contains("standardError") || code.contains("StandardError")
                    || code.contains("\"\"\"") { continue }
                let marked = Set(Self.markedLiterals(in: code).map(\.text))
                for literal in Self.literals(in: code) where !marked.contains(literal) && Self.readsAsASentence(literal) {
                    Issue.record("\(file):\(number + 1): \"\(literal)\" is shown but not marked with L(…) or N(…)")
                }
                for literal in Self.shownWords(in: code) where !marked.contains(literal) {
                    Issue.record("\(file):\(number + 1): \"\(literal)\" is shown (a title, label or tooltip) but not marked with L(…)")
                }
            }
        }
    }

    /// The literals with a letter given as a widget's shown text (`title:`, `subtitle:`, `description:`, `label:`,
    /// `accessibleLabel:`, `tooltip =`), however short: a page's one-word title is read as much as a sentence. The
    /// product's name, which no language translates, and a dispatch queue's label (a name for debuggers) are left out.
    static func shownWords(in line: String) -> [String] {
        guard !line.contains("DispatchQueue(") else { return [] }
        let pattern = #"(?<![A-Za-z0-9_])(title|subtitle|description|label|accessibleLabel|tooltip)\s*[:=]\s*"([^"\\]*)""#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(line.startIndex..., in: line)
        return expression.matches(in: line, range: range).compactMap { match in
            Range(match.range(at: 2), in: line).map { String(line[$0]) }
        }.filter { $0.contains { $0.isLetter } && $0 != "AppLock" }
    }

    /// Prose: a capitalised word followed by another word, or words ending in a full stop, ellipsis or colon.
    static func readsAsASentence(_ literal: String) -> Bool {
        guard literal.contains(" "), !literal.contains("\\("), let first = literal.first else { return false }
        let words = literal.split(separator: " ").filter { $0.contains { $0.isLetter } }
        guard words.count >= 2 else { return false }
        return first.isUppercase || [".", "…", ":"].contains(literal.last.map(String.init) ?? "")
    }

    /// The literals passed to L, N_ and N on `line` (N's first two), and whether each closes on it.
    static func markedLiterals(in line: String) -> [(text: String, closed: Bool)] {
        var found: [(String, Bool)] = []
        var rest = Substring(line)
        while let range = rest.range(of: #"(?<![A-Za-z0-9_.])(L|N|N_)\("#, options: .regularExpression) {
            let isPlural = rest[range] == "N("
            rest = rest[range.upperBound...]
            for index in 0..<(isPlural ? 2 : 1) {
                if index == 1 {
                    guard let comma = rest.firstIndex(of: ",") else { break }
                    rest = rest[rest.index(after: comma)...].drop(while: { $0 == " " })
                }
                guard rest.first == "\"" else { found.append(("", false)); break }
                let (text, end) = literal(startingAt: rest)
                found.append((text, end != nil))
                rest = end.map { rest[$0...] } ?? ""
            }
        }
        return found
    }

    /// Every single-line literal on `line`.
    static func literals(in line: String) -> [String] {
        var found: [String] = []
        var rest = Substring(line)
        while let quote = rest.firstIndex(of: "\"") {
            let (text, end) = literal(startingAt: rest[quote...])
            guard let end else { break }
            found.append(text)
            rest = rest[end...]
        }
        return found
    }

    /// The literal whose opening quote starts `text`, and the index after its closing quote (nil: not closed).
    static func literal(startingAt text: Substring) -> (String, String.Index?) {
        var content = ""
        var index = text.index(after: text.startIndex)
        var escaped = false
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" && !escaped { return (content, text.index(after: index)) }
            escaped = character == "\\" && !escaped
            content.append(character)
            index = text.index(after: index)
        }
        return (content, nil)
    }

    static func lines(of path: String) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    static func swiftFiles(under folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .map { folder + "/" + $0.path.dropFirst(base.path.count + 1) }.sorted()
    }

    static func run(_ argv: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = argv
        // The tools' own messages (msgfmt's statistics) in English, whatever the test's environment says.
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["LANGUAGE"] = nil
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
