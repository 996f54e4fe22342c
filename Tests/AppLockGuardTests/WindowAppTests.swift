import AppLockCore
import AppLockGuard
import AppLockProtocol
import Testing

/// One order of rules for which guarded app a window belongs to, whatever the desktop.
@Suite struct WindowAppTests {
    static let notes = try! AppID("org.example.Notes")
    static let mail = try! AppID("org.example.Mail")
    static let other = try! AppID("org.example.Other")
    static let guarded: [(app: AppID, startupWMClass: String?)] = [(mail, nil), (notes, "NotesTerm")]

    static func resolve(_ clues: [WindowClue], appsByPID: [Int32: AppID] = [:], ancestors: [Int32] = []) -> AppID? {
        WindowApp.resolve(clues, guarded: guarded, appsByPID: appsByPID) { ancestors }
    }

    @Test func theFirstClueNamingAGuardedAppWins() {
        #expect(Self.resolve([.launchedApp(Self.notes), .appID("org.example.Mail")]) == Self.notes)
        #expect(Self.resolve([.launchedApp(Self.other), .appID("org.example.Mail")]) == Self.mail)
        #expect(Self.resolve([.appID("org.example.Other"), .windowClass(instance: "x", className: "NotesTerm")]) == Self.notes)
        #expect(Self.resolve([.ownerApp(Self.mail), .name("org.example.Notes")]) == Self.mail)
        #expect(Self.resolve([.launchedApp(Self.other), .ownerApp(Self.other)]) == nil)
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
