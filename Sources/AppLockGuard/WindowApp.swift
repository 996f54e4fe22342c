import AppLockCore
public import AppLockProtocol

/// Which guarded app a window belongs to: the one set of rules every desktop's guard (X11, sway, KWin, GNOME,
/// wlroots) follows. Pure: the backend gathers the clues, this orders them.
public enum WindowApp {
    /// The first clue that names a guarded app wins, in the order given; when none does, the nearest of the
    /// processes the window's process descends from (`ancestors`, nearest first, read only then) that runs a
    /// window of a guarded app (`appsByPID`). `guarded` lists the guarded apps, sorted, with their
    /// `StartupWMClass`; nil when the window belongs to none of them.
    public static func resolve(
        _ clues: [WindowClue], guarded: [(app: AppID, startupWMClass: String?)], appsByPID: [Int32: AppID],
        ancestors: () -> [Int32]
    ) -> AppID? {
        let apps = Set(guarded.map(\.app))
        func ifGuarded(_ app: AppID?) -> AppID? { app.flatMap { apps.contains($0) ? $0 : nil } }
        func byClass(instance: String, className: String) -> AppID? {
            ifGuarded(AppIdentity.fromWindowClass(instance: instance, className: className, candidates: guarded))
        }
        for clue in clues {
            let found: AppID? = switch clue {
            case .launchedApp(let app), .ownerApp(let app): ifGuarded(app)
            case .appID(let name): ifGuarded(try? AppID(name))
            case .windowClass(let instance, let className): byClass(instance: instance, className: className)
            case .name(let name) where name.isEmpty: nil
            case .name(let name): ifGuarded(try? AppID(name)) ?? byClass(instance: name, className: name)
            }
            if let found { return found }
        }
        for ancestor in ancestors() {
            if let app = ifGuarded(appsByPID[ancestor]) { return app }
        }
        return nil
    }
}
