import Foundation

/// Runs AppLock's programs in another language: the catalogue `po/<language>.po` compiled (msgfmt -c) into the test's
/// own folder, and the variables that make a debug build read it (`APPLOCK_LOCALEDIR`, honoured only in debug builds)
/// and choose it (`LANGUAGE`; gettext reads it only when the locale is not `C`, hence `LC_ALL=C.UTF-8`).
public enum TranslatedSession {
    /// The catalogues besides German's (whose tests read it word by word) and Hebrew's (whose tests read its
    /// mirroring): the tests of each look for the words as the catalogue itself says them (``text(_:_:language:in:)``).
    public static let otherLanguages = ["fr", "es", "pt_BR", "it", "pl", "ru", "zh_CN", "ja"]

    /// The variables for a program started in `environment` to speak `language` (`de`, `pt_BR`, …), from
    /// `po/<language>.po`, or from `catalogue` (the text of a `.po` file) for a language AppLock does not ship.
    public static func variables(_ language: String, catalogue: String? = nil, in environment: TestEnvironment) throws
        -> [String: String]
    {
        let folder = environment.root.appendingPathComponent("locale")
        let messages = folder.appendingPathComponent("\(language)/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        var source = PackageFolders.package.appendingPathComponent("po/\(language).po").path
        if let catalogue {
            source = environment.root.appendingPathComponent("\(language).po").path
            try catalogue.write(toFile: source, atomically: true, encoding: .utf8)
        }
        let compiled = environment.run(["msgfmt", "-c", "-o", messages.appendingPathComponent("applock.mo").path, source])
        guard compiled.status == 0 else { throw TestSupportError("msgfmt \(source) failed: \(compiled.stderr)") }
        return ["APPLOCK_LOCALEDIR": folder.path, "LANGUAGE": language, "LC_ALL": "C.UTF-8"]
    }

    /// `message` (or, with `plural`, its form for `count`) as the catalogue compiled by ``variables(_:catalogue:in:)``
    /// says it in `language`, read with gettext(1)/ngettext(1), its placeholders (`%1$s`, `%d`, …) filled with
    /// `arguments` in their order: the text a translated program shows, for a test to look for.
    public static func text(
        _ message: String, plural: String? = nil, count: Int = 1, _ arguments: [String] = [], language: String,
        in environment: TestEnvironment
    ) throws -> String {
        let folder = environment.root.appendingPathComponent("locale")
        let argv = plural.map { ["ngettext", "-d", "applock", "--", message, $0, String(count)] }
            ?? ["gettext", "-d", "applock", "--", message]
        let result = environment.run(
            argv, extraEnvironment: ["TEXTDOMAINDIR": folder.path, "LANGUAGE": language, "LC_ALL": "C.UTF-8"])
        guard result.status == 0, !result.stdout.isEmpty else {
            throw TestSupportError("\(argv.joined(separator: " ")) in \(language) failed: \(result.stderr)")
        }
        var text = result.stdout
        for (index, argument) in arguments.enumerated() {
            for placeholder in ["%\(index + 1)$s", "%\(index + 1)$d"] {
                text = text.replacingOccurrences(of: placeholder, with: argument)
            }
        }
        if let first = arguments.first {
            text = text.replacingOccurrences(of: "%s", with: first).replacingOccurrences(of: "%d", with: first)
        }
        return text
    }
}
