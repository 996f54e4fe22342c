import AppLockProtocol

/// Where the guard finds the AppLock KWin script (a KWin script package, `data/kwin/applock` in the source tree,
/// installed as `<datadir>/kwin/scripts/applock`): its `contents/code/main.js`, which reports windows to the guard and
/// polls it, and `contents/code/restore.js`, run once when the guard stops. Both begin with
/// the same compatibility lines (``KWinScripting``); the files say what they do.
enum KWinScript {
    /// The package's folder under a data folder (`$XDG_DATA_HOME`, each of `$XDG_DATA_DIRS`), as KWin's own script
    /// packages are laid out.
    static let packageFolder = "kwin/scripts/" + KWinScripting.appLockPackage

    /// The script `file` (`main.js` or `restore.js`) of the first package found under `dataDirectories`, earlier
    /// first; nil when no folder holds it (`fileExists` says whether a path is a readable file).
    static func locate(_ file: String, in dataDirectories: [String], fileExists: (String) -> Bool) -> String? {
        dataDirectories.lazy.map { "\($0)/\(packageFolder)/contents/code/\(file)" }.first(where: fileExists)
    }
}
