import AppLockCore
import Foundation

/// The name and icon of an app, from its desktop file (`applications/<id>.desktop` in the XDG data dirs).
struct DesktopEntry: Equatable {
    var name: String
    /// A themed icon name or an absolute path; nil when the file names none.
    var icon: String?

    /// The first `applications/<appID>.desktop` found in `$XDG_DATA_HOME` (default `~/.local/share`), then each of
    /// `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`); the app id as name when there is none.
    static func find(appID: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> DesktopEntry {
        for directory in dataDirectories(environment) {
            let path = directory + "/applications/" + appID + ".desktop"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                  let entry = parse(text, fileName: path) else { continue }
            return entry
        }
        return DesktopEntry(name: appID, icon: nil)
    }

    /// `Name` and `Icon` of the `[Desktop Entry]` group, nil when the file is malformed or has no name.
    static func parse(_ text: String, fileName: String) -> DesktopEntry? {
        guard let group = (try? KeyFile.parse(text, fileName: fileName))?.group("Desktop Entry"),
              let name = group.entry("Name")?.value, !name.isEmpty else { return nil }
        let icon = group.entry("Icon")?.value
        return DesktopEntry(name: name, icon: icon?.isEmpty == false ? icon : nil)
    }

    static func dataDirectories(_ environment: [String: String]) -> [String] {
        let home = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? "") + "/.local/share"
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        return [home] + system.split(separator: ":").map(String.init)
    }
}
