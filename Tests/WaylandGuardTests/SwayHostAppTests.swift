import AppLockTestSupport
import Foundation
import Testing

/// Debian 12's apps that the chroots do not install, under the guard on the host's sway 1.7, guarded by the ids of
/// Debian's own desktop files: each started offline from its desktop entry (`gtk-launch`, as a menu or a dock does),
/// its second window typed into a terminal while locked (keepassxc and telegram-desktop, which have none, started
/// either way); taken through the steps of `RealAppGuardTests`. Each runs as the session's user (whom sway runs as);
/// the Qt apps and LibreOffice run on sway's Xwayland, as Debian ships them (no qtwayland5, no libreoffice-gtk3).
/// Pixels decide: a page or document of one colour, or a welcome screen's colours. Host only (a file of its own, so
/// that the chroots' filter `SwayRealAppTests` leaves it out).
@Suite("Debian 12's apps under the guard on the host's sway", .serialized)
struct SwayHostAppTests {
    @Test("chromium on sway, guarded as chromium (a native Wayland client run as the session's user, through Debian's wrapper script), started from its desktop entry, showing a magenta page: hidden at launch, the passcode clicked on the lock window's keys with a pointer brings it back, locked again it hides, a second window (chromium --new-window typed into a terminal, handed to the first instance) is hidden while locked, and logind Lock hides both")
    func chromium() throws {
        let h = try SwayGuardHarness("sway-chromium", app: "chromium")
        let page = try MagentaDocuments.page("page", in: h.environment.root).absoluteString
        try h.startGuard()
        // A login manager says so for a Wayland session; Chromium picks its Wayland platform by it.
        let run = SwayGuardHarness.AppRun(variables: ["XDG_SESSION_TYPE": "wayland"], asUser: true)
        try h.walkThrough(appID: "chromium") {
            try h.startOffline(["gtk-launch", "chromium.desktop", page], appID: "chromium", run: run, label: "first")
        } openSecond: {
            try h.startOffline(["chromium", "--new-window", page], appID: "chromium", run: run, label: "second")
        }
        #expect(h.processes(ofAppID: "chromium").count == 1, "the second window is the first instance's: \(h.session.windows())")
    }

    @Test("thunderbird on sway, guarded as thunderbird (a native Wayland client run as the session's user, app id thunderbird: its desktop-file id), a magenta message opened from its desktop entry: hidden at launch, unlocked by the passcode clicked on the lock window's keys with a pointer, locked again, a second message typed into a terminal (handed to the first instance) hidden while locked, and logind Lock hides both")
    func thunderbird() throws {
        let h = try SwayGuardHarness("sway-thunderbird", app: "thunderbird")
        try MagentaDocuments.thunderbirdProfile(home: h.userHome)
        let first = try MagentaDocuments.message("first", in: h.environment.root)
        let second = try MagentaDocuments.message("second", in: h.environment.root)
        try h.startGuard()
        let run = SwayGuardHarness.AppRun(variables: ["MOZ_LEGACY_PROFILES": "1", "MOZ_ENABLE_WAYLAND": "1"], asUser: true,
                                          userBus: true)
        try h.walkThrough(appID: "thunderbird") {
            try h.startOffline(["gtk-launch", "thunderbird.desktop", first.path], appID: "thunderbird", run: run,
                               label: "first")
        } openSecond: {
            try h.startOffline(["thunderbird", second.path], appID: "thunderbird", run: run, label: "second")
        }
        #expect(h.processes(ofAppID: "thunderbird").count == 1, "the second message is the first instance's: \(h.session.windows())")
    }

    @Test("libreoffice-writer on sway, guarded as libreoffice-writer (on Xwayland, run as the session's user: WM_CLASS libreoffice/libreoffice-writer), a magenta document opened from its desktop entry: hidden at launch, unlocked by the passcode clicked on the lock window's keys with a pointer, locked again, a second document typed into a terminal (handed to the first soffice) hidden while locked, and logind Lock hides both")
    func libreOfficeWriter() throws {
        let h = try SwayGuardHarness("sway-writer", app: "libreoffice-writer")
        let first = try MagentaDocuments.writerDocument("first", in: h.environment.root)
        let second = try MagentaDocuments.writerDocument("second", in: h.environment.root)
        try h.startGuard()
        let run = SwayGuardHarness.AppRun(xwayland: true, asUser: true)
        try h.walkThrough(appID: "libreoffice-writer") {
            try h.startOffline(["gtk-launch", "libreoffice-writer.desktop", first.path], appID: "libreoffice-writer",
                               run: run, label: "first")
        } openSecond: {
            try h.startOffline(["libreoffice", "--writer", second.path], appID: "libreoffice-writer", run: run,
                               label: "second")
        }
    }

    @Test("keepassxc on sway, guarded as org.keepassxc.KeePassXC (on Xwayland, run as the session's user: WM_CLASS keepassxc/KeePassXC, its instance = StartupWMClass), started from its desktop entry or typed into a terminal: its welcome screen hidden at launch, unlocked by the passcode clicked on the lock window's keys with a pointer, locked again, and logind Lock hides it (a second keepassxc is handed to the first and opens no window)", arguments: Launch.allCases)
    func keePassXC(launch: Launch) throws {
        let h = try SwayGuardHarness("sway-keepassxc-\(launch)", app: "org.keepassxc.KeePassXC")
        // The welcome screen's background and its buttons' (KeePassXC's light theme), in no lock window.
        h.appColours = ["#EFF0F1", "#D4D5DD"]
        try walkThroughOneWindowApp(h, windowClass: "KeePassXC", desktopFile: "org.keepassxc.KeePassXC.desktop",
                                    command: ["keepassxc"], launch: launch)
    }

    @Test("telegram-desktop on sway, guarded as org.telegram.desktop (on Xwayland, run as the session's user: WM_CLASS TelegramDesktop = StartupWMClass), offline, started from its desktop entry or typed into a terminal: its welcome screen hidden at launch, unlocked by the passcode clicked on the lock window's keys with a pointer, locked again, and logind Lock hides it (a second telegram-desktop is handed to the first and opens no window)", arguments: Launch.allCases)
    func telegram(launch: Launch) throws {
        let h = try SwayGuardHarness("sway-telegram-\(launch)", app: "org.telegram.desktop")
        // The welcome screen's clouds and its Start Messaging button, in no lock window.
        h.appColours = ["#5EC6FF", "#40A7E3"]
        // The desktop file's name, not its id: gtk-launch adds `.desktop` to a name that lacks it, and
        // `org.telegram.desktop` already ends so.
        try walkThroughOneWindowApp(h, windowClass: "TelegramDesktop", desktopFile: "org.telegram.desktop.desktop",
                                    command: ["telegram-desktop"], launch: launch)
    }

    /// Starts the guard and walks an app with no second window through on Xwayland, run as the session's user and
    /// started by `launch` (`desktopFile` or `command`); `windowClass` is its WM_CLASS class.
    private func walkThroughOneWindowApp(_ h: SwayGuardHarness, windowClass: String, desktopFile: String,
                                         command: [String], launch: Launch) throws {
        try h.startGuard()
        try h.walkThrough(appID: windowClass, start: {
            try h.startOffline(launch.argv(desktopFile: desktopFile, command: command), appID: windowClass,
                               run: SwayGuardHarness.AppRun(xwayland: true, asUser: true), label: "first")
        }, openSecond: nil)
    }

    /// How an app without a second window is started.
    enum Launch: String, CaseIterable, CustomStringConvertible {
        /// `gtk-launch FILE.desktop`: a menu or a dock.
        case desktopEntry
        /// The command typed into a terminal.
        case terminal
        var description: String { rawValue }

        func argv(desktopFile: String, command: [String]) -> [String] {
            switch self {
            case .desktopEntry: ["gtk-launch", desktopFile]
            case .terminal: command
            }
        }
    }
}

extension SwayGuardHarness {
    /// The processes showing windows of the Wayland app id `appID`: one when a second instance handed its window to
    /// the first (not, say, Thunderbird's "already running" error of a second process).
    func processes(ofAppID appID: String) -> Set<Int32> {
        Set(session.windows().filter { $0.appID == appID }.map(\.pid))
    }
}
