/// KWin's scripting, as the guard, the bench and the tests load scripts into it, spelled once for KWin 5.27 and
/// Plasma 6 (KWin 6.0 and later) alike.
///
/// One script serves both generations by feature detection rather than by asking KWin its version: Plasma 6
/// renamed the window API (`workspace.clientList()` → `windowList()`, `clientAdded`/`clientRemoved`/
/// `clientActivated` → `windowAdded`/`windowRemoved`/`windowActivated`, `activeClient` → `activeWindow`), and a
/// script that tests for `windowList` takes whichever API the KWin it runs in has, with no version number to parse,
/// no second round trip before loading, and one source of the guard's behaviour. That test is the first lines of
/// the script package's `main.js`, which its other scripts begin with too. The D-Bus object of a loaded script moved too (5.27: `/<id>`, Plasma 6:
/// `/Scripting/Script<id>`): ``scriptPaths(id:)`` lists both, newest first.
public enum KWinScripting {
    /// KWin's name on the session bus.
    public static let service = "org.kde.KWin"
    /// The object that loads and unloads scripts.
    public static let managerPath = "/Scripting"
    /// Its interface (`loadScript(path, name) → id`, `unloadScript(name) → found`).
    public static let managerInterface = "org.kde.kwin.Scripting"
    /// The interface of a loaded script's object (`run`).
    public static let scriptInterface = "org.kde.kwin.Script"
    /// The id (`KPlugin.Id`) of AppLock's own KWin script package, `data/kwin/applock`, and its folder's name under
    /// `kwin/scripts` in a data folder.
    public static let appLockPackage = "applock"

    /// Where KWin exports the script it answered `loadScript` with `id`: Plasma 6's path, then 5.27's.
    public static func scriptPaths(id: Int32) -> [String] {
        ["\(managerPath)/Script\(id)", "/\(id)"]
    }

    /// Starts the script `loadScript` answered with `id` by calling `run` on its object through `callRun` (which
    /// is given the object path), trying Plasma 6's path and then 5.27's: the first that KWin answers is the one.
    /// Throws the last error when neither answers.
    public static func run(id: Int32, _ callRun: (String) throws -> Void) throws {
        var lastError: (any Error)?
        for path in scriptPaths(id: id) {
            do {
                return try callRun(path)
            } catch {
                lastError = error
            }
        }
        if let lastError { throw lastError }
    }
}
