import AppLockCore
public import AppLockProtocol
import SystemKit

/// An app's desktop file (`applications/<id>.desktop`): what the guard, the lock window, applockctl and Settings
/// need from its `[Desktop Entry]` group. Read with the core's ``KeyFile`` the way the desktop reads these files:
/// a line it cannot parse is skipped, not the whole file.
public struct DesktopEntry: Hashable, Sendable {
    public let appID: AppID
    /// `Name`, never empty.
    public let name: String
    /// `Icon`: a themed icon name or an absolute path; nil when the file names none.
    public let icon: String?
    /// `StartupWMClass`: the window class the app's windows carry, when it is not the app id.
    public let startupWMClass: String?
    /// `Exec`: the command line the desktop runs to start the app; nil when the file names none.
    public let exec: String?
    /// Whether the desktop shows the app in its app grid: type `Application`, neither `NoDisplay` nor `Hidden`.
    public let isShownInAppGrid: Bool

    public init(appID: AppID, name: String, icon: String?, startupWMClass: String? = nil, exec: String? = nil,
                isShownInAppGrid: Bool = true) {
        self.appID = appID
        self.name = name
        self.icon = icon
        self.startupWMClass = startupWMClass
        self.exec = exec
        self.isShownInAppGrid = isShownInAppGrid
    }

    /// The entry of an app without a desktop file: named after its id, without an icon or window class.
    public static func bare(_ appID: AppID) -> DesktopEntry {
        DesktopEntry(appID: appID, name: appID.rawValue, icon: nil)
    }

    /// The `[Desktop Entry]` group of a desktop file's text; nil when there is none or it has no `Name`.
    public static func parse(_ text: String, appID: AppID, fileName: String) -> DesktopEntry? {
        guard let group = KeyFile.parseSkippingBadLines(text, fileName: fileName).file.group("Desktop Entry"),
              let name = group.entry("Name")?.value, !name.isEmpty
        else { return nil }
        func value(_ key: String) -> String? { group.entry(key).flatMap { $0.value.isEmpty ? nil : $0.value } }
        return DesktopEntry(
            appID: appID, name: name, icon: value("Icon"), startupWMClass: value("StartupWMClass"),
            exec: value("Exec"),
            isShownInAppGrid: (value("Type") ?? "Application") == "Application"
                && value("NoDisplay") != "true" && value("Hidden") != "true")
    }

    /// The entry of `appID` from the first folder that has its desktop file (``locate(_:in:)``); nil when none does,
    /// or the first one found has no `[Desktop Entry]` with a name.
    public static func find(_ appID: AppID, in directories: XDGDataDirectories) -> DesktopEntry? {
        guard let path = locate(appID, in: directories), let text = SmallFiles.text(at: path) else { return nil }
        return parse(text, appID: appID, fileName: path)
    }

    /// The path of the desktop file of `appID` in the first folder that has it (`applications/<id>.desktop`, or in
    /// a subfolder, whose `/` the id writes as `-`); nil when none does.
    public static func locate(_ appID: AppID, in directories: XDGDataDirectories) -> String? {
        for directory in directories.paths {
            let folder = directory + "/applications"
            let direct = folder + "/" + appID.rawValue + ".desktop"
            if SmallFiles.isReadable(direct) { return direct }
            if appID.rawValue.contains("-"), let file = files(in: folder).first(where: { $0.id == appID.rawValue }) {
                return file.path
            }
        }
        return nil
    }

    /// Every app the desktop shows in its app grid (with a name and an id that is an app id), sorted by name; an
    /// earlier folder's file hides a later one's of the same id.
    public static func appGrid(in directories: XDGDataDirectories) -> [DesktopEntry] {
        var seen = Set<String>()
        var apps: [DesktopEntry] = []
        for directory in directories.paths {
            for file in files(in: directory + "/applications") {
                guard seen.insert(file.id).inserted, let appID = try? AppID(file.id),
                      let text = SmallFiles.text(at: file.path),
                      let app = parse(text, appID: appID, fileName: file.path), app.isShownInAppGrid
                else { continue }
                apps.append(app)
            }
        }
        return apps.sorted { ($0.name.lowercased(), $0.appID) < ($1.name.lowercased(), $1.appID) }
    }

    /// The window names every installed desktop file claims, lower-cased: its desktop-file id and its
    /// `StartupWMClass` (hidden and `NoDisplay` files too: their apps' windows still carry those names).
    public static func claimedWindowNames(in directories: XDGDataDirectories) -> Set<String> {
        var names = Set<String>()
        for directory in directories.paths {
            for file in files(in: directory + "/applications") {
                names.insert(file.id.lowercased())
                if let appID = try? AppID(file.id), let text = SmallFiles.text(at: file.path),
                   let startupWMClass = parse(text, appID: appID, fileName: file.path)?.startupWMClass {
                    names.insert(startupWMClass.lowercased())
                }
            }
        }
        return names
    }

    /// Every desktop file under `folder` with its desktop-file id: its path below `folder` without `.desktop`,
    /// `/` written as `-` (Desktop Entry Specification, "Desktop File ID"). Subfolders are read a few levels deep.
    public static func files(in folder: String, depth: Int = 3) -> [(id: String, path: String)] {
        var found: [(id: String, path: String)] = []
        for name in SmallFiles.names(in: folder) {
            let path = folder + "/" + name
            if name.hasSuffix(".desktop") {
                found.append((String(name.dropLast(".desktop".count)), path))
            } else if depth > 0 {
                found += files(in: path, depth: depth - 1).map { (name + "-" + $0.id, $0.path) }
            }
        }
        return found
    }
}
