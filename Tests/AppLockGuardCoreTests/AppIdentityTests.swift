import AppLockCore
import Testing
import AppLockGuardCore
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

    /// How each kind of launcher names the unit an app runs in, as `/proc/PID/cgroup` shows it.
    @Test(arguments: [
        ("app.slice/app-gnome-firefox\\x2desr-4242.scope", "firefox-esr"),
        ("app.slice/app-flatpak-org.mozilla.firefox-1234.scope", "org.mozilla.firefox"),
        ("app.slice/app-org.kde.konsole-5.scope", "org.kde.konsole"),
        ("app.slice/dbus-:1.2-org.gnome.TextEditor@0.service", "org.gnome.TextEditor"),
        ("app.slice/dbus-:1.14-org.gnome.Evince\\x2dPreviewer@1.service", "org.gnome.Evince-Previewer"),
        ("app.slice/snap.firefox.firefox-2b6f2d3c-8a1b-4c5d-9e0f-123456789abc.scope", "firefox_firefox"),
        ("app.slice/snap.telegram-desktop.telegram-desktop-2b6f2d3c-8a1b-4c5d-9e0f-123456789abc.scope",
         "telegram-desktop_telegram-desktop"),
        ("app.slice/snap.code.code.2b6f2d3c-8a1b-4c5d-9e0f-123456789abc.scope", "code_code"),
    ])
    func unitsOfEachLauncher(_ unit: String, _ app: String) throws {
        #expect(AppIdentity.fromCgroup("0::/user.slice/user-1000.slice/user@1000.service/\(unit)\n") == (try AppID(app)))
    }

    @Test(arguments: ["dbus.service", "dbus-:1.2.service", "snap.firefox.scope", "snap.firefox.firefox.scope",
                      "session-2.scope", "dbus-broker.service"])
    func unitsThatNameNoApp(_ unit: String) {
        #expect(AppIdentity.fromCgroup("0::/user.slice/user-1000.slice/user@1000.service/app.slice/\(unit)\n") == nil)
    }

    @Test func launchedDesktopFileInTheEnvironment() throws {
        let environ = Array("HOME=/h\0GIO_LAUNCHED_DESKTOP_FILE=/usr/share/applications/org.example.Notes.desktop\0X=1\0".utf8)
        #expect(AppIdentity.fromEnvironment(environ) == (try AppID("org.example.Notes")))
        #expect(AppIdentity.fromEnvironment(Array("HOME=/h\0".utf8)) == nil)
    }

    @Test func windowClassAgainstStartupWMClassOrTheID() throws {
        let notes = try AppID("org.example.Notes")
        let mail = try AppID("org.example.Mail")
        let candidates = [GuardedApp(app: notes, startupWMClass: "NotesTerm"), GuardedApp(app: mail)]
        #expect(AppIdentity.fromWindowClass(instance: "xterm", className: "NotesTerm", candidates: candidates) == notes)
        #expect(AppIdentity.fromWindowClass(instance: "org.example.mail", className: "X", candidates: candidates) == mail)
        #expect(AppIdentity.fromWindowClass(instance: "xterm", className: "XTerm", candidates: candidates) == nil)
    }

    @Test("StartupWMClass matches whatever the case: KWin reports an X11 window's class in lower case")
    func windowClassIgnoresCase() throws {
        let notes = try AppID("org.example.Notes")
        let candidates = [GuardedApp(app: notes, startupWMClass: "org.bench.KWinReach")]
        #expect(AppIdentity.fromWindowClass(instance: "xterm", className: "org.bench.kwinreach", candidates: candidates) == notes)
        #expect(AppIdentity.fromWindowClass(instance: "ORG.BENCH.KWINREACH", className: "X", candidates: candidates) == notes)
    }

    /// The program a desktop file's `Exec` runs: the basename of its first word after `env VAR=…`; never a generic
    /// launcher, whose name every app it starts would share.
    @Test(arguments: [
        ("evince %U", "evince"),
        ("/usr/bin/evince %U", "evince"),
        ("env GDK_BACKEND=x11 /usr/bin/evince %U", "evince"),
        ("\"/opt/My Viewer/viewer\" %f", "viewer"),
        ("/usr/bin/flatpak run --branch=stable org.gnome.Evince @@u %U @@", nil),
        ("env FOO=1 flatpak run org.gnome.Evince", nil),
        ("sh -c 'evince'", nil),
        ("bash -c evince", nil),
        ("python3 /usr/bin/meld", nil),
        ("/usr/bin/python3.11 /usr/bin/meld", nil),
        ("gjs -m /usr/share/app/main.js", nil),
        ("java -jar app.jar", nil),
        ("/snap/bin/firefox", "firefox"),
        ("snap run firefox", nil),
        ("env", nil),
        ("", nil),
    ] as [(String, String?)])
    func programOfExec(exec: String, program: String?) {
        #expect(AppIdentity.program(ofExec: exec) == program)
    }

    @Test("A window's name that is a guarded app's program, any case: evince's Wayland app id is its desktop file's")
    func windowNameAgainstTheProgram() throws {
        let evince = try AppID("org.gnome.Evince")
        let candidates = [GuardedApp(app: evince, program: AppIdentity.program(ofExec: "evince %U")),
                          GuardedApp(app: try AppID("org.example.Flat"), program: AppIdentity.program(ofExec: "flatpak run x"))]
        #expect(AppIdentity.fromProgram(["evince"], candidates: candidates) == evince)
        #expect(AppIdentity.fromProgram(["Evince"], candidates: candidates) == evince)
        #expect(AppIdentity.fromProgram(["flatpak"], candidates: candidates) == nil)
        #expect(AppIdentity.fromProgram(["", "okular"], candidates: candidates) == nil)
        // Every name the window gives itself must be the program: WM_CLASS ("evince", "Evince") is, an Xwayland
        // xterm started with -class org.example.Notes (instance xterm) is not.
        #expect(AppIdentity.fromProgram(["evince", "Evince"], candidates: candidates) == evince)
        #expect(AppIdentity.fromProgram(["org.example.Notes", "evince"], candidates: candidates) == nil)
        #expect(AppIdentity.fromProgram([], candidates: candidates) == nil)
    }

    /// A program another installed desktop file claims (its id, its `StartupWMClass`) names that file's windows, not
    /// every app whose `Exec` runs it.
    @Test func windowProgramUnlessClaimed() {
        let debian: Set<String> = ["debian-xterm", "xterm", "debian-uxterm", "uxterm", "foot", "footclient",
                                   "org.gnome.evince", "org.gnome.evince-previewer"]
        #expect(AppIdentity.windowProgram(ofExec: "evince %U", claimed: debian) == "evince")
        #expect(AppIdentity.windowProgram(ofExec: "xterm -class org.example.Notes", claimed: debian) == nil)
        #expect(AppIdentity.windowProgram(ofExec: "/usr/bin/XTerm", claimed: debian) == nil)
        #expect(AppIdentity.windowProgram(ofExec: "foot -a org.example.Notes", claimed: debian) == nil)
        #expect(AppIdentity.windowProgram(ofExec: "xterm -class org.example.Notes", claimed: []) == "xterm")
        #expect(AppIdentity.windowProgram(ofExec: "flatpak run org.gnome.Evince", claimed: []) == nil)
    }
}
