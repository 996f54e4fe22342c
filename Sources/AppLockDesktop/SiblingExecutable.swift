import SystemKit

/// AppLock's programs installed beside each other: where the one that runs finds another.
public enum SiblingExecutable {
    /// `applock-lock-window`, for the guard (lock screens) and the tools that open its set-passcode window
    /// (`applockctl guard add`, AppLock Settings): `$APPLOCK_LOCK_WINDOW` when set, else the file beside the running
    /// program; nil when neither is known. The guard checks it can be run when it starts one, and says so plainly
    /// when it cannot.
    public static func lockWindow(environment: [String: String]) -> String? {
        if let path = environment["APPLOCK_LOCK_WINDOW"], !path.isEmpty { return path }
        return ProcessFiles.ownExecutableFolder().map { $0 + "/applock-lock-window" }
    }

    /// ``lockWindow(environment:)`` when this process may run it; nil when it is not installed.
    public static func installedLockWindow(environment: [String: String]) -> String? {
        lockWindow(environment: environment).flatMap { SmallFiles.isExecutable($0) ? $0 : nil }
    }
}
