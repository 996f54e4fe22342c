import Foundation

/// The files `docs/install.md` promises an installation puts down: the rows of its table between
/// `<!-- installed-files` and `<!-- /installed-files -->`, each naming one path relative to `/` (or `DESTDIR`),
/// laid out as with `PREFIX=/usr`. `make deb-test` reads the same rows to check `dpkg -L applock`.
struct PromisedFiles {
    /// Every promised path.
    let all: [String]
    /// The paths `make install` alone puts down (the row says "`make install` only").
    let makeInstallOnly: Set<String>

    /// Reads the table from the Markdown file at `readme`.
    init(readme: URL) throws {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var inTable = false
        var all: [String] = []
        var makeInstallOnly: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<!-- installed-files") { inTable = true; continue }
            if line.hasPrefix("<!-- /installed-files") { break }
            guard inTable, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: true)
            let path = cells[0].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            all.append(path)
            if cells.count > 1, cells[1].trimmingCharacters(in: .whitespaces).hasPrefix("`make install` only") {
                makeInstallOnly.insert(path)
            }
        }
        self.all = all
        self.makeInstallOnly = makeInstallOnly
    }

    /// The `docs/install.md` of the package being tested.
    static func ofThisPackage() throws -> PromisedFiles {
        try PromisedFiles(readme: BuiltProducts.packageRoot.appendingPathComponent("docs/install.md"))
    }
}
