import AppLockDesktop
import AppLockProtocol
import Foundation
import Testing

/// Every desktop file a distribution or a sandbox installs names an app id (SPEC: "An app id is a desktop-file
/// id"): the ids of Debian's own folders, of the Debian 13 chroot's when it has been made, and of a Flatpak-style
/// exports folder with a subfolder are each accepted, found again by their id and given an object path.
@Suite struct DesktopFileIDTests {
    /// The host's folder, and the Debian 13 chroot's (`APPLOCK_CHROOT`, default `.cache/debian13`) when it exists.
    static var installedFolders: [String] {
        let chroot = ProcessInfo.processInfo.environment["APPLOCK_CHROOT"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.cache/debian13").path
        return ["/usr/share/applications", chroot + "/usr/share/applications"]
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    @Test func everyInstalledDesktopFileIsAnApp() throws {
        let folders = Self.installedFolders
        #expect(folders.contains("/usr/share/applications"))
        var checked = 0
        for folder in folders {
            let files = DesktopEntry.files(in: folder)
            #expect(!files.isEmpty, "\(folder) has desktop files")
            for file in files {
                let app = try #require(try? AppID(file.id), "\(file.path) names no app id")
                #expect(AppID(objectPathLabel: app.objectPathLabel) == app)
                let data = XDGDataDirectories(paths: [String(folder.dropLast("/applications".count))])
                if let text = try? String(contentsOfFile: file.path, encoding: .utf8), text.contains("\nName=") {
                    #expect(DesktopEntry.find(app, in: data)?.appID == app, "\(file.id) is found by its id")
                }
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    /// Debian's, Flathub's and Snap's kinds of ids, from a user's Flatpak exports folder the session does not name
    /// in `XDG_DATA_DIRS`: each is found by its id, a subfolder's with `-`, and the app grid lists the shown ones.
    @Test func sandboxExportsAndSubfolders() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let exports = home + "/.local/share/flatpak/exports/share/applications"
        let ids = ["org.mozilla.firefox", "com.github.tchx84.Flatseal", "firefox-esr", "firefox_firefox", "7zip", "gnome-c++-ide"]
        try FileManager.default.createDirectory(atPath: exports + "/kde4", withIntermediateDirectories: true)
        for id in ids {
            try "[Desktop Entry]\nType=Application\nName=App \(id)\n".write(toFile: "\(exports)/\(id).desktop", atomically: true, encoding: .utf8)
        }
        try "[Desktop Entry]\nName=KWrite\n".write(toFile: exports + "/kde4/kwrite.desktop", atomically: true, encoding: .utf8)
        let data = XDGDataDirectories(environment: ["HOME": home, "XDG_DATA_DIRS": home + "/none"])
        for id in ids + ["kde4-kwrite"] {
            let app = try AppID(id)
            #expect(DesktopEntry.find(app, in: data)?.appID == app, "\(id) is found by its id")
        }
        #expect(DesktopEntry.find(try AppID("kde4-kwrite"), in: data)?.name == "KWrite")
        #expect(Set(DesktopEntry.appGrid(in: data).map(\.appID.rawValue)) == Set(ids + ["kde4-kwrite"]))
    }
}
