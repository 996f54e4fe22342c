public import AppLockCore
import Glibc
import SystemKit

/// An application installed for the user: its desktop-file id, name and icon, from
/// `applications/<id>.desktop` in `$XDG_DATA_HOME` (default `~/.local/share`), then each of `$XDG_DATA_DIRS`
/// (default `/usr/local/share:/usr/share`); an earlier folder hides a later one's file of the same id.
public struct InstalledApp: Hashable, Sendable {
    public let appID: AppID
    public let name: String
    /// A themed icon name or an absolute path; nil when the file names none.
    public let icon: String?

    public init(appID: AppID, name: String, icon: String?) {
        self.appID = appID
        self.name = name
        self.icon = icon
    }

    /// Every application the desktop shows in its app grid (type `Application`, not `NoDisplay`, not `Hidden`,
    /// with a name and an id that is an app id), sorted by name.
    public static func all(environment: [String: String]) -> [InstalledApp] {
        var seen = Set<String>()
        var apps: [InstalledApp] = []
        for directory in dataDirectories(environment) {
            let folder = directory + "/applications"
            for name in TextFiles.fileNames(in: folder, suffix: ".desktop") {
                let id = String(name.dropLast(".desktop".count))
                guard seen.insert(id).inserted, let appID = try? AppID(id),
                      let text = try? TextFiles.read(folder + "/" + name),
                      let app = parse(text, appID: appID, fileName: folder + "/" + name)
                else { continue }
                apps.append(app)
            }
        }
        return apps.sorted { ($0.name.lowercased(), $0.appID) < ($1.name.lowercased(), $1.appID) }
    }

    /// The app's entry from the first folder that has it; nil when none does.
    public static func find(_ appID: AppID, environment: [String: String]) -> InstalledApp? {
        for directory in dataDirectories(environment) {
            let path = directory + "/applications/" + appID.rawValue + ".desktop"
            guard let text = try? TextFiles.read(path) else { continue }
            return parse(text, appID: appID, fileName: path)
        }
        return nil
    }

    /// The `[Desktop Entry]` of a desktop file, nil when it is malformed or not shown in the app grid.
    static func parse(_ text: String, appID: AppID, fileName: String) -> InstalledApp? {
        guard let group = (try? KeyFile.parse(text, fileName: fileName))?.group("Desktop Entry"),
              group.entry("Type")?.value ?? "Application" == "Application",
              group.entry("NoDisplay")?.value != "true", group.entry("Hidden")?.value != "true",
              let name = group.entry("Name")?.value, !name.isEmpty
        else { return nil }
        let icon = group.entry("Icon")?.value
        return InstalledApp(appID: appID, name: name, icon: icon?.isEmpty == false ? icon : nil)
    }

    static func dataDirectories(_ environment: [String: String]) -> [String] {
        let home = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "") + "/.local/share"
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        return [home] + system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }
}
