import AppLockTestSupport
import Foundation
import Testing

/// The apps people lock, as Debian ships them, guarded by the ids of Debian's own desktop files and started the ways
/// users start them, on Xvfb with openbox: each is launched locked, unlocked by the passcode typed into the lock
/// window, locked again, given a second window while locked, and locked by logind; pixels decide.
@Suite("Debian's apps under the guard on X11", .serialized)
struct RealAppGuardTests {
    typealias Launch = RealAppHarness.Launch

    @Test("gnome-text-editor, guarded as org.gnome.TextEditor (DBusActivatable, no StartupWMClass, named by _GTK_APPLICATION_ID after its WM_CLASS), started by D-Bus activation or typed into a terminal, with a second window handed to the first instance, never shows a pixel while locked", arguments: [Launch.dbusActivation, .terminal])
    func textEditor(launch: Launch) throws {
        let r = try RealAppHarness("text-editor-\(launch)", app: "org.gnome.TextEditor", windowClass: "gnome-text-editor",
                                   services: ["org.gnome.TextEditor"])
        try r.magentaTextViews()
        let first = try r.start(launch, command: ["gnome-text-editor"], label: "first")
        try r.walkThrough(first) {
            try r.start(.terminal, command: ["gnome-text-editor", "--new-window"], label: "second")
        }
    }

    @Test("evince, guarded as org.gnome.Evince, started from its desktop entry or typed into a terminal, with a second document in a process of its own typed into a terminal, never shows a pixel while locked", arguments: [Launch.desktopEntry, .terminal])
    func evince(launch: Launch) throws {
        let r = try RealAppHarness("evince-\(launch)", app: "org.gnome.Evince", windowClass: "evince")
        let (first, second) = (try r.magentaPDF("first"), try r.magentaPDF("second"))
        let window = try r.start(launch, command: ["evince"], arguments: [first.path], label: "first")
        try r.walkThrough(window) {
            try r.start(.terminal, command: ["evince"], arguments: [second.path], label: "second")
        }
    }

    @Test("firefox-esr, guarded as firefox-esr (a desktop-file id without a dot; WM_CLASS Navigator/firefox-esr, a multi-process browser), started from its desktop entry or typed into a terminal, with --new-window handed to the first instance, never shows a pixel while locked", arguments: [Launch.desktopEntry, .terminal])
    func firefox(launch: Launch) throws {
        let r = try RealAppHarness("firefox-\(launch)", app: "firefox-esr", windowClass: "firefox-esr")
        try r.firefoxProfile()
        let page = try r.magentaPage("page").absoluteString
        let window = try r.start(launch, command: ["firefox-esr"], arguments: [page], label: "first")
        try r.walkThrough(window) {
            try r.start(.terminal, command: ["firefox-esr", "--new-window"], arguments: [page], label: "second")
        }
    }

    @Test("chromium, guarded as chromium (a desktop-file id without a dot, through Debian's wrapper script; a multi-process browser run as a user, as Chromium refuses root), started from its desktop entry or typed into a terminal, with --new-window handed to the first instance, never shows a pixel while locked", arguments: [Launch.desktopEntry, .terminal])
    func chromium(launch: Launch) throws {
        let r = try RealAppHarness("chromium-\(launch)", app: "chromium", windowClass: "chromium", asUser: true)
        let page = try r.magentaPage("page").absoluteString
        let window = try r.start(launch, command: ["chromium"], arguments: [page], label: "first")
        try r.walkThrough(window) {
            try r.start(.terminal, command: ["chromium", "--new-window"], arguments: [page], label: "second")
        }
    }

    @Test("libreoffice-writer, guarded as libreoffice-writer (a desktop-file id without a dot; one soffice process, its Writer windows of class libreoffice-writer, the Tip of the Day dialog transient for them), started from its desktop entry or typed into a terminal, with a second document handed to the first instance, never shows a pixel while locked", arguments: [Launch.desktopEntry, .terminal])
    func libreOfficeWriter(launch: Launch) throws {
        let r = try RealAppHarness("writer-\(launch)", app: "libreoffice-writer", windowClass: "libreoffice-writer")
        let (first, second) = (try r.magentaWriterDocument("first"), try r.magentaWriterDocument("second"))
        let window = try r.start(launch, command: ["libreoffice", "--writer"], arguments: [first.path], label: "first")
        try r.walkThrough(window) {
            try r.start(.terminal, command: ["libreoffice", "--writer"], arguments: [second.path], label: "second")
        }
    }

    @Test("thunderbird, guarded as thunderbird (a desktop-file id without a dot, through Debian's wrapper script; WM_CLASS Mail/thunderbird-default), a message opened from its desktop entry or typed into a terminal, with a second message handed to the first instance (-compose opens nothing without an account), never shows a pixel while locked", arguments: [Launch.desktopEntry, .terminal])
    func thunderbird(launch: Launch) throws {
        let r = try RealAppHarness("thunderbird-\(launch)", app: "thunderbird", windowClass: "thunderbird")
        try MagentaDocuments.thunderbirdProfile(home: r.h.environment.home)
        let (first, second) = (try MagentaDocuments.message("first", in: r.documents), try MagentaDocuments.message("second", in: r.documents))
        let window = try r.start(launch, command: ["thunderbird"], arguments: [first.path], named: "Magenta", label: "first")
        try r.walkThrough(window) {
            try r.start(.terminal, command: ["thunderbird"], arguments: [second.path], named: "Magenta", label: "second")
        }
    }
}

extension RealAppHarness {
    /// Whether `applockctl status APP` lists each of `windows` among the app's windows the guard has matched,
    /// covered as `how` says.
    func statusListsWindows(_ windows: [UInt32], as how: String) throws -> Bool {
        let status = try applockctl(["status", app])
        let listed = windows.allSatisfy { status.stdout.contains("0x\(String($0, radix: 16)) (\(how))") }
        if !listed { Issue.record("applockctl status \(app):\n\(status.stdout)") }
        return listed
    }

    /// Launched locked; the passcode typed into the lock window unlocks; `applockctl lock` locks again; a window
    /// `openSecond` opens while locked is covered and the first stays so; unlocked, then logind's `Lock` covers both.
    func walkThrough(_ first: UInt32, openSecond: () throws -> UInt32) throws {
        #expect(waitForState("locked"), "state: \(state() ?? "none")\n\(h.guardLog())")
        #expect(waitUntilCovered(first, label: "launched-locked"), "\(h.guardLog())")
        #expect(try statusListsWindows([first], as: "covered, locked"))
        #expect(typePasscodeIntoTheLockWindow(grabs: 1), "the passcode typed into the lock window: \(h.guardLog())")
        #expect(waitUntilCovered(first, false, label: "unlocked"), "\(h.guardLog())")

        #expect(try applockctl(["lock", app]).succeeded)
        #expect(waitForState("locked"))
        #expect(waitUntilCovered(first, label: "locked-again"), "\(h.guardLog())")
        let second = try openSecond()
        #expect(waitUntilCovered(second, label: "second-window-while-locked"), "\(h.guardLog())")
        #expect(waitUntilCovered(first, label: "first-window-still-covered"), "\(h.guardLog())")
        #expect(try statusListsWindows([first, second], as: "covered, locked"))

        try unlock()
        #expect(waitUntilCovered(first, false, label: "unlocked-again"), "\(h.guardLog())")
        #expect(try statusListsWindows([first], as: "uncovered"))
        try h.environment.logindSessionLock()
        #expect(waitForState("locked"))
        #expect(waitUntilCovered(first, label: "logind-lock-first"), "\(h.guardLog())")
        #expect(waitUntilCovered(second, label: "logind-lock-second"), "\(h.guardLog())")
    }
}
