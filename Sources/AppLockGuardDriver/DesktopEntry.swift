public import AppLockCore
import SystemKit
import Glibc

/// What the guard needs from an app's desktop file: its name, icon and `StartupWMClass`.
public struct DesktopEntry: Sendable {
    public let app: AppID
    public let name: String
    /// A PNG file to draw on the obscured cover, when one was found.
    public let iconPath: String?
    public let startupWMClass: String?

    /// The desktop file of `app` in the XDG data directories (`$XDG_DATA_HOME` first), or a bare entry named after
    /// the id when there is none.
    public static func find(_ app: AppID, dataDirectories: [String]) -> DesktopEntry {
        for directory in dataDirectories {
            let path = directory + "/applications/" + app.rawValue + ".desktop"
            guard let text = try? TextFiles.read(path) else { continue }
            let keys = Self.mainGroup(text)
            return DesktopEntry(
                app: app, name: keys["Name"] ?? app.rawValue,
                iconPath: keys["Icon"].flatMap { iconFile($0, dataDirectories: dataDirectories) },
                startupWMClass: keys["StartupWMClass"])
        }
        return DesktopEntry(app: app, name: app.rawValue, iconPath: nil, startupWMClass: nil)
    }

    /// The `[Desktop Entry]` group's unlocalised keys.
    private static func mainGroup(_ text: String) -> [String: String] {
        var keys: [String: String] = [:]
        var inMain = false
        for rawLine in text.split(separator: "\n") {
            let line = trimmed(rawLine)
            if line.hasPrefix("[") {
                inMain = line == "[Desktop Entry]"
                continue
            }
            guard inMain, !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            let key = trimmed(line[..<equals])
            if keys[key] == nil { keys[key] = trimmed(line[line.index(after: equals)...]) }
        }
        return keys
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }

    /// An icon name or path to a PNG file: an absolute path as is, else the hicolor theme's largest PNG, else
    /// `/usr/share/pixmaps`.
    private static func iconFile(_ icon: String, dataDirectories: [String]) -> String? {
        func exists(_ path: String) -> Bool { access(path, R_OK) == 0 }
        if icon.hasPrefix("/") { return icon.hasSuffix(".png") && exists(icon) ? icon : nil }
        for size in ["256x256", "128x128", "96x96", "64x64", "48x48"] {
            for directory in dataDirectories {
                let path = "\(directory)/icons/hicolor/\(size)/apps/\(icon).png"
                if exists(path) { return path }
            }
        }
        let pixmap = "/usr/share/pixmaps/\(icon).png"
        return exists(pixmap) ? pixmap : nil
    }
}
