/// The AppLock GNOME Shell extension the guard relies on, one per generation of the Shell: GNOME picks an extension
/// by its uuid and loads one format per version (an `imports` script up to 44, an ES module from 45), so each
/// generation has its own uuid, both installed, the same behaviour in each (`data/gnome-shell/applock.js`). Spelled
/// here for the guard, the tests and the bench; a test holds the metadata files to these.
public enum GnomeShellExtension {
    /// The ES module that GNOME Shell 45 and later load.
    public static let uuid = "applock@applock.github.io"
    /// The `imports` script that GNOME Shell 43 and 44 load.
    public static let gnome43UUID = "applock-gnome43@applock.github.io"
    /// Both, as the package installs them.
    public static let uuids = [uuid, gnome43UUID]
    /// The first major version of GNOME Shell that loads extensions as ES modules.
    public static let firstModuleVersion = 45

    /// The uuid of the extension that GNOME Shell of major version `shellVersion` loads.
    public static func uuid(forShellVersion shellVersion: Int) -> String {
        shellVersion >= firstModuleVersion ? uuid : gnome43UUID
    }
}
