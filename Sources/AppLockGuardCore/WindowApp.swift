import AppLockCore
public import AppLockProtocol

/// Which guarded app a window belongs to: the one set of rules every desktop's guard (X11, sway, KWin, GNOME,
/// wlroots) follows. Pure: the backend gathers the clues, this weighs them.
///
/// The rules, strongest first:
/// 1. A browser web app's window (Chromium's and Chrome's `crx_<id>` class on X11, `chrome-<id>-<profile>` app id on
///    Wayland) is the web app's (the desktop file the browser wrote for it, by id or `StartupWMClass`), or nobody's:
///    never the browser's, whose process, scope and class it shares.
/// 2. The names the window gives itself (`_GTK_APPLICATION_ID`, `WM_CLASS`, a compositor's app id or class), in the
///    order given: they name the app that shows the window, where the launcher's word is inherited by every process
///    it starts (a browser typed into a terminal launched from a menu carries the terminal's scope and
///    `GIO_LAUNCHED_DESKTOP_FILE`), and LibreOffice's one process shows Writer and Calc under classes of their own.
///    Then, weaker, when every name the window gives itself (a Wayland app id, both halves of `WM_CLASS`; no
///    `_GTK_APPLICATION_ID`) is the one program a guarded app's desktop file runs, and no installed desktop file is
///    named so or claims it as `StartupWMClass` (``AppIdentity/fromProgram(_:candidates:)``,
///    ``AppIdentity/windowProgram(ofExec:claimed:)``): evince's Wayland app id is `evince`.
/// 3. The app of the window it is transient for.
/// 4. The app the launcher of the window's process named (systemd scope, `GIO_LAUNCHED_DESKTOP_FILE`).
/// 5. LibreOffice's start centre, which shows the recent documents of every module, is the first guarded
///    LibreOffice module's (`libreoffice-*`).
/// 6. The nearest process it descends from that runs a guarded app's window.
public enum WindowApp {
    /// `guarded` lists the guarded apps, sorted, with their `StartupWMClass` and `Exec` program; `appsByPID` the app
    /// of each process showing a resolved window; `ancestors` the processes the window's process descends from,
    /// nearest first (read only when needed). Nil when the window belongs to none of the guarded apps.
    public static func resolve(
        _ clues: [WindowClue], guarded: [GuardedApp], appsByPID: [Int32: AppID],
        ancestors: () -> [Int32]
    ) -> AppID? {
        let apps = Set(guarded.map(\.app))
        func ifGuarded(_ app: AppID?) -> AppID? { app.flatMap { apps.contains($0) ? $0 : nil } }
        func byClass(instance: String, className: String) -> AppID? {
            ifGuarded(AppIdentity.fromWindowClass(instance: instance, className: className, candidates: guarded))
        }
        func byName(_ name: String) -> AppID? {
            name.isEmpty ? nil : ifGuarded(try? AppID(name)) ?? byClass(instance: name, className: name)
        }
        if let webApp = clues.lazy.compactMap(webAppName).first {
            return byName(webApp)
        }
        for clue in clues {
            let found: AppID? = switch clue {
            case .appID(let name): ifGuarded(try? AppID(name))
            case .windowClass(let instance, let className): byClass(instance: instance, className: className)
            case .name(let name): byName(name)
            case .launchedApp, .ownerApp: nil
            }
            if let found { return found }
        }
        let names = clues.flatMap(windowNames)
        if !clues.contains(where: isAppIDClue),
           let found = ifGuarded(AppIdentity.fromProgram(names, candidates: guarded)) {
            return found
        }
        for case .ownerApp(let app) in clues { if let found = ifGuarded(app) { return found } }
        for case .launchedApp(let app) in clues { if let found = ifGuarded(app) { return found } }
        if clues.contains(where: isLibreOfficeStartCentre),
           let module = guarded.first(where: { $0.app.rawValue.hasPrefix("libreoffice-") })?.app {
            return module
        }
        for ancestor in ancestors() {
            if let app = ifGuarded(appsByPID[ancestor]) { return app }
        }
        return nil
    }

    /// The name that makes a window a browser web app's, when it is one: an X11 instance `crx_<id>` (its desktop
    /// file's `StartupWMClass`), a Wayland app id `chrome-<id>-<profile>` (its desktop file's name).
    static func webAppName(_ clue: WindowClue) -> String? {
        switch clue {
        case .windowClass(let instance, _) where instance.hasPrefix("crx_"): instance
        case .name(let name) where name.hasPrefix("crx_") || isChromeWebAppID(name): name
        default: nil
        }
    }

    /// Whether the clue is `_GTK_APPLICATION_ID`: a window that names its app id is never matched by a program's name.
    private static func isAppIDClue(_ clue: WindowClue) -> Bool {
        if case .appID = clue { true } else { false }
    }

    /// The names a window calls itself by that may be a program's: not `_GTK_APPLICATION_ID`, which is an app id.
    private static func windowNames(_ clue: WindowClue) -> [String] {
        switch clue {
        case .windowClass(let instance, let className): [instance, className]
        case .name(let name): [name]
        case .appID, .launchedApp, .ownerApp: []
        }
    }

    /// `chrome-<32 letters a–p>-<profile>`: the app id Chromium and Chrome give a web app's windows on Wayland.
    private static func isChromeWebAppID(_ name: String) -> Bool {
        let parts = name.split(separator: "-", maxSplits: 2)
        return parts.count == 3 && parts[0] == "chrome" && parts[1].count == 32
            && parts[1].utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "p") }
    }

    private static func isLibreOfficeStartCentre(_ clue: WindowClue) -> Bool {
        switch clue {
        case .windowClass(let instance, let className):
            instance.lowercased() == "libreoffice-startcenter" || className.lowercased() == "libreoffice-startcenter"
        case .name(let name): name.lowercased() == "libreoffice-startcenter"
        default: false
        }
    }
}
