/// GNOME Shell's extension service (`org.gnome.Shell.Extensions` on `/org/gnome/Shell`, owned by `org.gnome.Shell`)
/// as the guard, `applockctl` and AppLock Settings use it: the AppLock extension's uuid, and the states
/// `GetExtensionInfo` and `ExtensionStateChanged` report.
public enum GnomeShellExtensions {
    public static let busName = "org.gnome.Shell"
    public static let path = "/org/gnome/Shell"
    public static let interface = "org.gnome.Shell.Extensions"
    /// The AppLock extension's uuid for GNOME 45 and later, an ES module (the folder
    /// `data/gnome-shell/extensions/<uuid>`; the behaviour both generations share is `data/gnome-shell/applock.js`).
    public static let appLockUUID = "applock@applock.github.io"
    /// The AppLock extension's uuid for GNOME 43 and 44, an `imports` script.
    public static let appLockGnome43UUID = "applock-gnome43@applock.github.io"
    /// Every uuid an AppLock extension may have: GNOME loads one format per version (an `imports` script up to 44, an
    /// ES module from 45), so each generation has its own, both installed; the guard follows them all.
    public static let appLockUUIDs = [appLockUUID, appLockGnome43UUID]
    /// The first major version of GNOME Shell that loads extensions as ES modules.
    public static let firstModuleVersion = 45

    /// The uuid of the AppLock extension that GNOME Shell of major version `shellVersion` loads.
    public static func appLockUUID(forShellVersion shellVersion: Int) -> String {
        shellVersion >= firstModuleVersion ? appLockUUID : appLockGnome43UUID
    }

    /// An extension's `state` (GNOME 46 renamed `ENABLED`/`DISABLED` to `ACTIVE`/`INACTIVE`, same numbers).
    public enum State: Int, Sendable, CaseIterable {
        case enabled = 1
        case disabled = 2
        case error = 3
        case outOfDate = 4
        case downloading = 5
        case initialized = 6
        case disabling = 7
        case enabling = 8

        /// GNOME's own name for the state, as `gnome-extensions info` prints it before GNOME 46.
        public var name: String {
            switch self {
            case .enabled: "ENABLED"
            case .disabled: "DISABLED"
            case .error: "ERROR"
            case .outOfDate: "OUT_OF_DATE"
            case .downloading: "DOWNLOADING"
            case .initialized: "INITIALIZED"
            case .disabling: "DISABLING"
            case .enabling: "ENABLING"
            }
        }
    }
}
