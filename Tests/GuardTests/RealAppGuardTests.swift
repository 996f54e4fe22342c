import AppLockTestSupport
import Foundation
import Testing

/// The apps people lock, as Debian ships them, guarded by the ids of Debian's own desktop files and started the ways
/// users start them, on Xvfb with openbox: each is launched locked (with the dialogs it opens at launch, such as
/// Writer's Tip of the Day), unlocked by the passcode clicked with the pointer on the lock window's keys (all ten
/// whole on screen), locked again, given a second window while locked, and locked by logind; pixels decide.
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

    @Test("A Flatpak app built offline (org.example.Flat: xterm in a runtime made of this machine's binaries, installed from a local repository into the user's installation), guarded by its Flatpak id, started from its exported desktop entry, with a second window from flatpak run typed into a terminal while locked, never shows a pixel while locked; its _NET_WM_PID counts in the sandbox's PID namespace, the X server's word does not")
    func flatpak() throws {
        let r = try RealAppHarness("flatpak", app: FlatpakTestApp.id, windowClass: FlatpakTestApp.id,
                                   services: ["org.freedesktop.Flatpak"]) { environment in
            try FlatpakTestApp.install(environment)
            return FlatpakTestApp.variables(environment)
        }
        let window = try r.start(.desktopEntry, command: ["flatpak", "run", FlatpakTestApp.id], label: "first")
        let sandboxPID = r.h.session.run(["xdotool", "getwindowpid", String(window)]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(r.processID(ofWindow: window).map(String.init) != sandboxPID, "_NET_WM_PID \(sandboxPID) is the sandbox's")
        try r.walkThrough(window) {
            try r.start(.terminal, command: ["flatpak", "run", FlatpakTestApp.id], label: "second")
        }
    }

    @Test("keepassxc, guarded as org.keepassxc.KeePassXC (WM_CLASS keepassxc = StartupWMClass, Qt), started from its desktop entry or typed into a terminal, never shows a pixel of its welcome screen while locked (a second keepassxc is handed to the first and opens no window)", arguments: [Launch.desktopEntry, .terminal])
    func keePassXC(launch: Launch) throws {
        let r = try RealAppHarness("keepassxc-\(launch)", app: "org.keepassxc.KeePassXC", windowClass: "keepassxc")
        // The welcome screen's background and its buttons' (KeePassXC's light theme), in no cover or lock window.
        r.h.appColours = ["#EFF0F1", "#D4D5DD"]
        let window = try r.start(launch, command: ["keepassxc"], label: "first")
        try r.walkThrough(window, openSecond: nil)
    }

    @Test("telegram-desktop, guarded as org.telegram.desktop (WM_CLASS TelegramDesktop = StartupWMClass, its own toolkit), offline, started from its desktop entry or typed into a terminal, never shows a pixel of its welcome screen while locked (a second telegram-desktop is handed to the first and opens no window)", arguments: [Launch.desktopEntry, .terminal])
    func telegram(launch: Launch) throws {
        let r = try RealAppHarness("telegram-\(launch)", app: "org.telegram.desktop", windowClass: "TelegramDesktop")
        // The welcome screen's clouds and its Start Messaging button, in no cover or lock window.
        r.h.appColours = ["#5EC6FF", "#40A7E3"]
        let window = try r.start(launch, command: ["telegram-desktop"], label: "first")
        try r.walkThrough(window, openSecond: nil)
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

    /// Launched locked (with whatever dialog the app opens at launch, such as Writer's Tip of the Day); the
    /// passcode clicked with the pointer on the lock window's keys unlocks; `applockctl lock` locks again; a window
    /// `openSecond` opens while locked (when the app has one) is covered and the first stays so; unlocked, then
    /// logind's `Lock` covers both.
    func walkThrough(_ first: UInt32, openSecond: (() throws -> UInt32)?) throws {
        #expect(waitForState("locked"), "state: \(state() ?? "none")\n\(h.guardLog())")
        #expect(waitUntilCovered(first, label: "launched-locked"), "\(h.guardLog())")
        #expect(try statusListsWindows([first], as: "covered, locked"))
        #expect(clickPasscodeIntoTheLockWindow(grabs: 1, label: "launched-locked-keys"),
                "the passcode clicked on the lock window's keys: \(h.guardLog())")
        #expect(waitUntilCovered(first, false, label: "unlocked"), "\(h.guardLog())")

        #expect(try applockctl(["lock", app]).succeeded)
        #expect(waitForState("locked"))
        #expect(waitUntilCovered(first, label: "locked-again"), "\(h.guardLog())")
        let second = try openSecond?()
        if let second {
            #expect(waitUntilCovered(second, label: "second-window-while-locked"), "\(h.guardLog())")
            #expect(waitUntilCovered(first, label: "first-window-still-covered"), "\(h.guardLog())")
        }
        #expect(try statusListsWindows([first] + (second.map { [$0] } ?? []), as: "covered, locked"))

        try unlock()
        #expect(waitUntilCovered(first, false, label: "unlocked-again"), "\(h.guardLog())")
        #expect(try statusListsWindows([first], as: "uncovered"))
        try h.environment.logindSessionLock()
        #expect(waitForState("locked"))
        #expect(waitUntilCovered(first, label: "logind-lock-first"), "\(h.guardLog())")
        if let second { #expect(waitUntilCovered(second, label: "logind-lock-second"), "\(h.guardLog())") }
    }
}
