import AppLockCore
import Testing
import AppLockGuard
import AppLockProtocol

/// Each rule that turns a window's process into an app id.
@Suite struct AppIdentityTests {
    @Test func systemdScopesWithAndWithoutALauncher() throws {
        let gnome = "0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-org.example.Notes-4242.scope\n"
        #expect(AppIdentity.fromCgroup(gnome) == (try AppID("org.example.Notes")))
        let escaped = "0::/user.slice/user@1000.service/app.slice/app-flatpak-org.example.My\\x2dNotes-17.scope\n"
        #expect(AppIdentity.fromCgroup(escaped) == (try AppID("org.example.My-Notes")))
        let plain = "0::/user.slice/user@1000.service/app.slice/app-org.example.Notes-3.scope\n"
        #expect(AppIdentity.fromCgroup(plain) == (try AppID("org.example.Notes")))
        #expect(AppIdentity.fromCgroup("0::/user.slice/user-1000.slice/session-2.scope\n") == nil)
        #expect(AppIdentity.fromCgroup("0::/\n") == nil)
    }

    @Test func launchedDesktopFileInTheEnvironment() throws {
        let environ = Array("HOME=/h\0GIO_LAUNCHED_DESKTOP_FILE=/usr/share/applications/org.example.Notes.desktop\0X=1\0".utf8)
        #expect(AppIdentity.fromEnvironment(environ) == (try AppID("org.example.Notes")))
        #expect(AppIdentity.fromEnvironment(Array("HOME=/h\0".utf8)) == nil)
    }

    @Test func windowClassAgainstStartupWMClassOrTheID() throws {
        let notes = try AppID("org.example.Notes")
        let mail = try AppID("org.example.Mail")
        let candidates: [(app: AppID, startupWMClass: String?)] = [(notes, "NotesTerm"), (mail, nil)]
        #expect(AppIdentity.fromWindowClass(instance: "xterm", className: "NotesTerm", candidates: candidates) == notes)
        #expect(AppIdentity.fromWindowClass(instance: "org.example.mail", className: "X", candidates: candidates) == mail)
        #expect(AppIdentity.fromWindowClass(instance: "xterm", className: "XTerm", candidates: candidates) == nil)
    }

    @Test("StartupWMClass matches whatever the case: KWin reports an X11 window's class in lower case")
    func windowClassIgnoresCase() throws {
        let notes = try AppID("org.example.Notes")
        let candidates: [(app: AppID, startupWMClass: String?)] = [(notes, "org.bench.KWinReach")]
        #expect(AppIdentity.fromWindowClass(instance: "xterm", className: "org.bench.kwinreach", candidates: candidates) == notes)
        #expect(AppIdentity.fromWindowClass(instance: "ORG.BENCH.KWINREACH", className: "X", candidates: candidates) == notes)
    }
}
