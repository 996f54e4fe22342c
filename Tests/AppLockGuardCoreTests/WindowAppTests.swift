import AppLockCore
import AppLockGuardCore
import AppLockProtocol
import Testing

/// One order of rules for which guarded app a window belongs to, whatever the desktop.
@Suite struct WindowAppTests {
    static let notes = try! AppID("org.example.Notes")
    static let mail = try! AppID("org.example.Mail")
    static let other = try! AppID("org.example.Other")
    static let guarded = [GuardedApp(app: mail), GuardedApp(app: notes, startupWMClass: "NotesTerm")]

    static func resolve(_ clues: [WindowClue], appsByPID: [Int32: AppID] = [:], ancestors: [Int32] = []) -> AppID? {
        WindowApp.resolve(clues, guarded: guarded, appsByPID: appsByPID) { ancestors }
    }

    /// The names a window gives itself first (in the order given), then the window it is transient for, then the
    /// launcher's word, which every process it starts inherits.
    @Test func theWindowsOwnNamesComeBeforeItsOwnerAndItsLauncher() {
        #expect(Self.resolve([.launchedApp(Self.notes), .appID("org.example.Mail")]) == Self.mail)
        #expect(Self.resolve([.launchedApp(Self.other), .appID("org.example.Mail")]) == Self.mail)
        #expect(Self.resolve([.appID("org.example.Other"), .windowClass(instance: "x", className: "NotesTerm")]) == Self.notes)
        #expect(Self.resolve([.appID("org.example.Mail"), .windowClass(instance: "x", className: "NotesTerm")]) == Self.mail)
        #expect(Self.resolve([.ownerApp(Self.mail), .name("org.example.Notes")]) == Self.notes)
        #expect(Self.resolve([.launchedApp(Self.notes), .ownerApp(Self.mail)]) == Self.mail)
        #expect(Self.resolve([.launchedApp(Self.notes), .name("unknown")]) == Self.notes)
        #expect(Self.resolve([.launchedApp(Self.other), .ownerApp(Self.other)]) == nil)
    }

    /// How Debian's and Flathub's apps are started and what their windows say: each row is a window's clues, the
    /// guarded apps with their desktop files' `StartupWMClass`, and the app it belongs to.
    @Test(arguments: [
        // A D-Bus-activated GTK app: no launch context, no StartupWMClass, named by _GTK_APPLICATION_ID.
        Row([.appID("org.gnome.TextEditor"), .windowClass(instance: "gnome-text-editor", className: "gnome-text-editor")],
            [("org.gnome.TextEditor", nil)], "org.gnome.TextEditor"),
        // Before GTK names it, the window is nobody's.
        Row([.windowClass(instance: "gnome-text-editor", className: "gnome-text-editor")], [("org.gnome.TextEditor", nil)], nil),
        // Firefox through its wrapper, typed into a terminal that a menu launched (the terminal's scope inherited).
        Row([.launchedApp(app("org.gnome.Terminal")), .windowClass(instance: "Navigator", className: "firefox-esr")],
            [("org.gnome.Terminal", nil), ("firefox-esr", "firefox-esr")], "firefox-esr"),
        Row([.windowClass(instance: "Mail", className: "thunderbird-default")], [("thunderbird", "thunderbird-default")], "thunderbird"),
        Row([.windowClass(instance: "chromium", className: "Chromium")], [("chromium", "chromium")], "chromium"),
        // LibreOffice: one process launched as Writer shows Calc too; each module is its own class.
        Row([.launchedApp(app("libreoffice-writer")), .windowClass(instance: "libreoffice", className: "libreoffice-calc")],
            [("libreoffice-calc", "libreoffice-calc"), ("libreoffice-writer", "libreoffice-writer")], "libreoffice-calc"),
        Row([.launchedApp(app("libreoffice-calc")), .windowClass(instance: "libreoffice", className: "libreoffice-writer")],
            [("libreoffice-writer", "libreoffice-writer")], "libreoffice-writer"),
        Row([.launchedApp(app("libreoffice-writer")), .windowClass(instance: "libreoffice", className: "libreoffice-calc")],
            [("libreoffice-writer", "libreoffice-writer")], "libreoffice-writer"),
        // The start centre shows every module's recent documents: a guarded module's.
        Row([.windowClass(instance: "libreoffice", className: "libreoffice-startcenter")],
            [("libreoffice-writer", "libreoffice-writer")], "libreoffice-writer"),
        Row([.windowClass(instance: "libreoffice", className: "libreoffice-startcenter")], [("org.gnome.Evince", nil)], nil),
        // Electron: WM_CLASS is the lower-case app name, the Wayland app id the desktop file's name.
        Row([.windowClass(instance: "signal", className: "Signal")], [("signal-desktop", "Signal")], "signal-desktop"),
        Row([.name("signal-desktop")], [("signal-desktop", "Signal")], "signal-desktop"),
        // Flatpak: the scope names the Flatpak id; the class may be anything.
        Row([.launchedApp(app("org.mozilla.firefox")), .windowClass(instance: "Navigator", className: "firefox")],
            [("org.mozilla.firefox", "firefox")], "org.mozilla.firefox"),
        Row([.launchedApp(app("org.telegram.desktop")), .windowClass(instance: "telegram-desktop", className: "TelegramDesktop")],
            [("org.telegram.desktop", nil)], "org.telegram.desktop"),
        // Snap: the scope names `<snap>_<app>`.
        Row([.launchedApp(app("firefox_firefox")), .name("firefox")], [("firefox_firefox", "firefox")], "firefox_firefox"),
        // Chromium web apps are apps of their own, never the browser whose process, scope and class they share.
        Row([.launchedApp(app("chromium")), .windowClass(instance: "crx_cinhimbnkkaeohfgghhpmpcmkaeggcnn", className: "Chromium")],
            [("chromium", "chromium")], nil),
        Row([.launchedApp(app("chromium")), .windowClass(instance: "crx_cinhimbnkkaeohfgghhpmpcmkaeggcnn", className: "Chromium")],
            [("chrome-cinhimbnkkaeohfgghhpmpcmkaeggcnn-Default", "crx_cinhimbnkkaeohfgghhpmpcmkaeggcnn"), ("chromium", "chromium")],
            "chrome-cinhimbnkkaeohfgghhpmpcmkaeggcnn-Default"),
        Row([.launchedApp(app("chromium")), .name("chrome-cinhimbnkkaeohfgghhpmpcmkaeggcnn-Default")],
            [("chrome-cinhimbnkkaeohfgghhpmpcmkaeggcnn-Default", "crx_cinhimbnkkaeohfgghhpmpcmkaeggcnn"), ("chromium", "chromium")],
            "chrome-cinhimbnkkaeohfgghhpmpcmkaeggcnn-Default"),
        Row([.launchedApp(app("chromium")), .name("chrome-cinhimbnkkaeohfgghhpmpcmkaeggcnn-Default")], [("chromium", "chromium")], nil),
        // A name that only looks like a web app's is an ordinary name.
        Row([.name("chrome-remote-desktop")], [("chrome-remote-desktop", nil)], "chrome-remote-desktop"),
        // Debian 12's evince 43 on Wayland: app id `evince`, no StartupWMClass; its Exec runs `evince`.
        Row([.name("evince")], [("org.gnome.Evince", nil)], "org.gnome.Evince", execs: ["org.gnome.Evince": "evince %U"]),
        Row([.name("evince")], [("org.gnome.Evince", nil)], nil),
        // Typed into a terminal a menu launched: the program's name beats the terminal's scope.
        Row([.launchedApp(app("org.gnome.Terminal")), .name("evince")], [("org.gnome.Evince", nil), ("org.gnome.Terminal", nil)],
            "org.gnome.Evince", execs: ["org.gnome.Evince": "evince %U", "org.gnome.Terminal": "gnome-terminal"]),
        // A generic launcher's name is never an app's: Flathub's evince runs `flatpak run`.
        Row([.name("flatpak")], [("org.gnome.Evince", nil)], nil,
            execs: ["org.gnome.Evince": "/usr/bin/flatpak run --branch=stable --command=evince org.gnome.Evince @@u %U @@"]),
        // On X11, WM_CLASS's instance or class.
        Row([.windowClass(instance: "evince", className: "Evince")], [("org.gnome.Evince", nil)], "org.gnome.Evince",
            execs: ["org.gnome.Evince": "evince %U"]),
        // _GTK_APPLICATION_ID is an app id, never a program's name.
        Row([.appID("evince")], [("org.gnome.Evince", nil)], nil, execs: ["org.gnome.Evince": "evince %U"]),
        // Every name the window gives itself wins over a program's name, whatever the order.
        Row([.name("evince"), .name("org.gnome.Papers")], [("org.gnome.Evince", nil), ("org.gnome.Papers", nil)],
            "org.gnome.Papers", execs: ["org.gnome.Evince": "evince %U"]),
        Row([.name("evince")], [("org.gnome.Evince", nil), ("org.example.Viewer", "evince")], "org.example.Viewer",
            execs: ["org.gnome.Evince": "evince %U"]),
        // The test apps' shape: xterm or foot renamed for an app of its own is that app's, never another
        // xterm-based app's; a window calling itself anything besides the program is not the program's.
        Row([.windowClass(instance: "xterm", className: "org.example.Other")], [("org.example.Mail", nil)], nil,
            execs: ["org.example.Mail": "xterm -class org.example.Mail"]),
        Row([.name("org.example.Other"), .name("xterm")], [("org.example.Mail", nil)], nil,
            execs: ["org.example.Mail": "xterm -class org.example.Mail"]),
        // A window that names its app id (_GTK_APPLICATION_ID) is never matched by its WM_CLASS being a program.
        Row([.appID("org.example.Other"), .windowClass(instance: "evince", className: "Evince")], [("org.gnome.Evince", nil)],
            nil, execs: ["org.gnome.Evince": "evince %U"]),
    ])
    func howAppsAreReallyStarted(_ row: Row) {
        let guarded = row.guarded.map { GuardedApp(app: app($0.0), startupWMClass: $0.1, program: row.execs[$0.0].flatMap(AppIdentity.program(ofExec:))) }
            .sorted { $0.app < $1.app }
        #expect(WindowApp.resolve(row.clues, guarded: guarded, appsByPID: [:]) { [] } == row.expected.map(app))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let clues: [WindowClue]
        let guarded: [(String, String?)]
        let expected: String?
        /// Each app's desktop-file `Exec`, by app id.
        let execs: [String: String]
        init(_ clues: [WindowClue], _ guarded: [(String, String?)], _ expected: String?, execs: [String: String] = [:]) {
            (self.clues, self.guarded, self.expected, self.execs) = (clues, guarded, expected, execs)
        }
        var testDescription: String { "\(clues) → \(expected ?? "none")" }
    }


    /// `StartupWMClass` when the desktop file has one, else the id ignoring case; an app-id-only clue is never a class.
    @Test func windowClasses() {
        #expect(Self.resolve([.windowClass(instance: "notesterm", className: "NotesTerm")]) == Self.notes)
        #expect(Self.resolve([.windowClass(instance: "org.example.notes", className: "Notes")]) == nil)
        #expect(Self.resolve([.windowClass(instance: "org.example.mail", className: "Mail")]) == Self.mail)
        #expect(Self.resolve([.appID("org.example.mail")]) == nil)
        #expect(Self.resolve([.appID("NotesTerm")]) == nil)
    }

    /// A compositor's name counts as an app id, then as a class; an empty one counts for nothing.
    @Test func compositorNames() {
        #expect(Self.resolve([.name("org.example.Notes")]) == Self.notes)
        #expect(Self.resolve([.name("NotesTerm")]) == Self.notes)
        #expect(Self.resolve([.name("org.example.mail")]) == Self.mail)
        #expect(Self.resolve([.name(""), .name("unknown")]) == nil)
    }

    /// Without a clue, the nearest ancestor process that runs a guarded app's window; the ancestry is read only then.
    @Test func ancestorsLast() {
        let byPID: [Int32: AppID] = [10: Self.other, 20: Self.mail, 30: Self.notes]
        #expect(Self.resolve([.name("unknown")], appsByPID: byPID, ancestors: [5, 10, 20, 30]) == Self.mail)
        #expect(Self.resolve([], appsByPID: byPID, ancestors: [10]) == nil)
        var read = false
        let app = WindowApp.resolve([.name("org.example.Notes")], guarded: Self.guarded, appsByPID: byPID) {
            read = true
            return [20]
        }
        #expect(app == Self.notes)
        #expect(!read)
    }

    @Test func onlyGuardedAppsCount() {
        #expect(WindowApp.resolve([.name("org.example.Notes")], guarded: [], appsByPID: [:]) { [] } == nil)
    }
}

/// A valid app id written out in a test.
private func app(_ s: String) -> AppID { try! AppID(s) }
