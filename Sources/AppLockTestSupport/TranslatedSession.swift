import Foundation

/// Runs AppLock's programs in another language: the catalogue `po/<language>.po` compiled (msgfmt -c) into the test's
/// own folder, and the variables that make a debug build read it (`APPLOCK_LOCALEDIR`, honoured only in debug builds)
/// and choose it (`LANGUAGE`; gettext reads it only when the locale is not `C`, hence `LC_ALL=C.UTF-8`).
public enum TranslatedSession {
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
}
