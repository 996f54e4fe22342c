import AppLockCore
import AppLockDesktop
import AppLockProtocol
import Foundation
import Testing

/// Desktop files read on the core's KeyFile: what the guard, the lock window, applockctl and Settings take from them.
@Suite struct DesktopEntryTests {
    static let notes = try! AppID("org.example.Notes")

    @Test func nameIconAndWindowClass() {
        let text = "[Desktop Entry]\nType=Application\nName=Notes\nName[de]=Notizen\nIcon=accessories-text-editor\n"
            + "StartupWMClass=NotesTerm\nExec=notes %U\n[Desktop Action new]\nName=New\nExec=notes --new\n"
        #expect(DesktopEntry.parse(text, appID: Self.notes, fileName: "n.desktop")
            == DesktopEntry(appID: Self.notes, name: "Notes", icon: "accessories-text-editor", startupWMClass: "NotesTerm",
                            exec: "notes %U"))
        #expect(DesktopEntry.parse("[Desktop Action new]\nName=New\n", appID: Self.notes, fileName: "n.desktop") == nil)
        #expect(DesktopEntry.parse("[Desktop Entry]\nName=\nIcon=x\n", appID: Self.notes, fileName: "n.desktop") == nil)
        #expect(DesktopEntry.parse("[Desktop Entry]\nName=Notes\nIcon=\n", appID: Self.notes, fileName: "n.desktop")?.icon == nil)
    }

    /// A line the strict parser rejects costs that line only, as in the desktop's own reader: the guard still learns
    /// the window class of an app whose file has, say, an odd escape in `Exec`.
    @Test func badLinesAreSkipped() {
        let text = "# comment\n[Desktop Entry]\nName=Notes\nExec=notes \\$HOME\nnonsense\nName=Second\n"
            + "[Desktop Action new]\nName=New\n[Desktop Entry]\nStartupWMClass=NotesTerm\n[broken\nIcon=ignored\n"
        let entry = DesktopEntry.parse(text, appID: Self.notes, fileName: "n.desktop")
        #expect(entry == DesktopEntry(appID: Self.notes, name: "Notes", icon: nil, startupWMClass: "NotesTerm"))
        let (_, problems) = KeyFile.parseSkippingBadLines(text, fileName: "n.desktop")
        #expect(problems.map(\.line) == [4, 5, 6, 11])
        #expect(throws: KeyFileError.self) { try KeyFile.parse(text, fileName: "n.desktop") }
    }

    @Test func appGridRules() {
        func shown(_ text: String) -> Bool? {
            DesktopEntry.parse("[Desktop Entry]\nName=N\n" + text, appID: Self.notes, fileName: "n.desktop")?.isShownInAppGrid
        }
        #expect(shown("") == true)
        #expect(shown("Type=Application\n") == true)
        #expect(shown("Type=Link\n") == false)
        #expect(shown("NoDisplay=true\n") == false)
        #expect(shown("Hidden=true\n") == false)
        #expect(shown("NoDisplay=false\n") == true)
    }

    /// The user's folder hides a system folder's file of the same id; the grid is sorted by name; a missing app
    /// has no entry, and its bare one is named after its id.
    @Test func foldersInOrder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("desktop-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ folder: String, _ id: String, _ text: String) throws {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)/applications", withIntermediateDirectories: true)
            try text.write(toFile: "\(root)/\(folder)/applications/\(id).desktop", atomically: true, encoding: .utf8)
        }
        try write("home", "org.example.Notes", "[Desktop Entry]\nName=My Notes\n")
        try write("system", "org.example.Notes", "[Desktop Entry]\nName=Notes\n")
        try write("system", "org.example.Alarm", "[Desktop Entry]\nName=alarm\n")
        try write("system", "org.example.Hidden", "[Desktop Entry]\nName=Hidden\nNoDisplay=true\n")
        try write("system", "not an id", "[Desktop Entry]\nName=Bad\n")
        let folders = XDGDataDirectories(paths: ["\(root)/home", "\(root)/system"])
        #expect(DesktopEntry.find(Self.notes, in: folders)?.name == "My Notes")
        #expect(DesktopEntry.find(try AppID("org.example.Hidden"), in: folders)?.isShownInAppGrid == false)
        #expect(DesktopEntry.find(try AppID("org.example.Missing"), in: folders) == nil)
        #expect(DesktopEntry.appGrid(in: folders).map(\.name) == ["alarm", "My Notes"])
        #expect(DesktopEntry.bare(Self.notes) == DesktopEntry(appID: Self.notes, name: "org.example.Notes", icon: nil))
    }

    /// The window names installed desktop files claim: every file's id and `StartupWMClass`, lower-cased, hidden
    /// ones too (Debian's `debian-xterm.desktop` claims `XTerm`; `foot.desktop` is foot's own).
    @Test func claimedWindowNames() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("claimed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: "\(root)/applications", withIntermediateDirectories: true)
        for (id, text) in [
            ("debian-xterm", "[Desktop Entry]\nName=XTerm\nExec=xterm\nStartupWMClass=XTerm\n"),
            ("foot", "[Desktop Entry]\nName=Foot\nExec=foot\n"),
            ("org.example.Hidden", "[Desktop Entry]\nName=Hidden\nNoDisplay=true\nStartupWMClass=HiddenClass\n"),
        ] {
            try text.write(toFile: "\(root)/applications/\(id).desktop", atomically: true, encoding: .utf8)
        }
        #expect(DesktopEntry.claimedWindowNames(in: XDGDataDirectories(paths: [root]))
            == ["debian-xterm", "xterm", "foot", "org.example.hidden", "hiddenclass"])
    }

    @Test func iconFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("icons-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for size in ["48x48", "128x128"] {
            let folder = "\(root)/icons/hicolor/\(size)/apps"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: "\(folder)/notes.png", contents: Data([0x89])))
        }
        let folders = XDGDataDirectories(paths: [root])
        #expect(IconFile.png("notes", in: folders) == "\(root)/icons/hicolor/128x128/apps/notes.png")
        #expect(IconFile.png("\(root)/icons/hicolor/48x48/apps/notes.png", in: folders) == "\(root)/icons/hicolor/48x48/apps/notes.png")
        #expect(IconFile.png("\(root)/icons/none.png", in: folders) == nil)
        #expect(IconFile.png("org.example.NoSuchIcon", in: folders) == nil)
    }
}
