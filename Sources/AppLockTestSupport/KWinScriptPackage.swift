import AppLockProtocol
public import Foundation

/// AppLock's KWin script package (`data/kwin/applock`) as the tests and the bench read it: its scripts, and the
/// lines each begins with that give it one window API on KWin 5.27 and Plasma 6, written once there and read from
/// there by every other script loaded into KWin here.
public enum KWinScriptPackage {
    /// The package's folder in the source tree.
    public static var folder: URL {
        PackageFolders.package.appendingPathComponent("data/kwin/\(KWinScripting.appLockPackage)")
    }

    /// The code of `file` (a script in `contents/code`) after its leading comment lines.
    public static func code(of file: String) throws -> String {
        let script = try String(contentsOf: folder.appendingPathComponent("contents/code/\(file)"), encoding: .utf8)
        return script.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") }
            .joined(separator: "\n")
    }

    /// The compatibility lines: `main.js`'s first code lines, up to its first blank line (`windowList()`,
    /// `activeWindow()`, `activateWindow(w)`, and the signals `windowAdded`, `windowRemoved` and `windowActivated`,
    /// each KWin's own on either generation), with the blank line.
    public static func compatibility() throws -> String {
        let code = try code(of: "main.js")
        guard let end = code.range(of: "\n\n") else { return code }
        return String(code[..<end.upperBound])
    }
}
