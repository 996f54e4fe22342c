/// Where desktop files and icons are looked up, by the XDG Base Directory rules: `$XDG_DATA_HOME` (default
/// `$HOME/.local/share`), then each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`), earlier first.
/// The spec makes a relative path in either variable invalid: it is ignored, as if the variable named nothing there.
/// The Flatpak and Snap exports folders follow when the variables leave them out (a session started before
/// `/etc/profile.d` ran), so that a sandboxed app's desktop file is found by its id all the same.
public struct XDGDataDirectories: Equatable, Sendable {
    /// The folders, the user's own first; an earlier folder's file hides a later one's of the same name.
    public let paths: [String]

    public init(paths: [String]) {
        self.paths = paths
    }

    /// The folders `environment` (HOME, XDG_DATA_HOME, XDG_DATA_DIRS) names. Without an absolute
    /// `$XDG_DATA_HOME` or `$HOME` there is no user folder; without one absolute entry in `$XDG_DATA_DIRS` the
    /// default system folders are used.
    public init(environment: [String: String]) {
        let home = environment["XDG_DATA_HOME"].flatMap(Self.absolute)
            ?? environment["HOME"].flatMap(Self.absolute).map { ($0 == "/" ? "" : $0) + "/.local/share" }
        let system = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").compactMap { Self.absolute(String($0)) }
        let named = (home.map { [$0] } ?? []) + (system.isEmpty ? ["/usr/local/share", "/usr/share"] : system)
        let exports = (home.map { [$0 + "/flatpak/exports/share"] } ?? []) + Self.systemExports
        paths = named + exports.filter { !named.contains($0) }
    }

    /// Where Flatpak (system-wide) and snapd put the desktop files of the apps they install.
    public static let systemExports = ["/var/lib/flatpak/exports/share", "/var/lib/snapd/desktop"]

    /// `path` when it is absolute, nil when it is relative or empty.
    private static func absolute(_ path: String) -> String? {
        path.hasPrefix("/") ? path : nil
    }
}
