public import AppLockCore
public import AppLockGuardCore
public import AppLockGuard
public import AppLockProtocol
import DBusKit
import SystemKit

/// The resident guard where only the compositor sees every window and a script inside it does the work: on KDE
/// Plasma (Wayland, 5.27 and 6) a KWin script the guard loads over D-Bus (``KWinScript``), on GNOME the AppLock Shell
/// extension (``GnomeShellExtensions``, `data/gnome-shell/applock.js`). The script reports windows to the guard's
/// compositor object (``GuardBusNames/compositorInterface``) and long-polls it for what to do: while a guarded app is
/// `obscured` or `locked` its windows are kept minimised, and the lock window (an ordinary toplevel) is kept above
/// everything with the focus. The same `GuardCore` decides as on X11 and sway.
public final class CompositorGuard: GuardBackend {
    static let scriptName = "applock-guard"
    static let objectPath = GuardBusNames.compositorPath
    static let interfaceName = GuardBusNames.compositorInterface
    /// How long a `Poll` is held before it is answered unchanged (well under D-Bus's 25 s default timeout).
    static let pollHold = Duration.seconds(15)

    struct Window {
        var uuid: String
        var pid: Int32
        var app: AppID?
        var minimised: Bool
        var shown = false
        /// The desktop-file name and resource class last reported: a window is decided again when they change.
        var names: [String] = []
    }

    let desktop: GuardDesktop
    let driver: GuardDriver
    /// Where the KWin script package is looked for (``KWinScript``): `$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`.
    let dataDirectories: [String]
    var windows: [UInt32: Window] = [:]
    var ids: [String: UInt32] = [:]
    var nextID: UInt32 = 1
    /// Windows the guard keeps minimised.
    var hidden: Set<UInt32> = []
    /// The lock windows' own toplevels on screen (the compositor's id) with their app, until the compositor reports
    /// them removed: a lock window hidden at an unlock is no longer the driver's, yet the core hears when it is gone.
    var lockWindowToplevels: [String: AppID] = [:]
    /// The desktop ids of the apps whose notifications the compositor shows without content, as last published.
    var privateNotificationApps: [String] = []
    var version: Int32 = 1
    /// The window the core last asked to activate (the compositor's id), until an answer carries it to the script.
    var activation: String?
    /// The shortcut that locks every protected app as the user chose it, for GNOME's extension to bind (nil until
    /// the guard has read it; empty for none).
    var lockAllShortcut: String?
    /// GNOME: the shortcut last given to the extension and the version of the first answer that carried it, until the
    /// extension polls with that version (it has applied the answer, and its settings hold the keys): then the guard
    /// publishes it as bound (``GuardProperty/lockAllShortcut``), as it does where it binds the keys itself.
    var shortcutAwaitingExtension: (shortcut: KeyboardShortcut?, answeredIn: Int32?)?
    var polls: [(MethodInvocation, TimerHandle)] = []
    var callsAwaitingCompositor: [(MethodInvocation, (MethodInvocation) -> Void)] = []
    static let callsAwaitingCompositorLimit = 256
    var publishScheduled = false
    /// Whether the script in the compositor answers (``CompositorGuard/followCompositorSide()``).
    var side: CompositorSide
    var sideWatches: [MatchToken] = []
    var scriptCheck: TimerHandle?
    var silenceCheck: TimerHandle?
    var extensionReadPending = false

    /// `desktop` is `.plasmaWayland` (the guard loads its KWin script) or `.gnomeWayland` (the extension calls in).
    public init(configuration: GuardConfiguration, desktop: GuardDesktop) throws {
        self.desktop = desktop
        side = CompositorSide(kind: desktop == .plasmaWayland ? .kwin : .gnomeShell)
        driver = try GuardDriver(configuration: configuration, desktop: desktop)
        dataDirectories = configuration.dataDirectories.paths
    }

    var loop: EventLoop { driver.loop }
    var bus: Connection { driver.bus }

    func feed(_ input: GuardInput) { driver.feed(input) }

    func log(_ line: String) { driver.log(line) }

    /// The lock windows the driver runs.
    var lockWindows: [AppID: LockWindowProcess] { driver.lockWindows }

    /// Loads the KWin script (on KDE; GNOME's extension finds the guard by its name) and runs until SIGTERM or SIGINT.
    public func run() throws {
        exportScriptInterface()
        try driver.run(self)
    }

    /// KDE Plasma binds it as KWin's own shortcut, from the script (Meta+Alt+L until the user changes it in Plasma's
    /// Shortcuts settings); GNOME through the extension, which is given the one chosen in `applock.conf` (AppLock
    /// Settings' row) with the next answer and binds it (its settings' `lock-all` key follows), and the guard
    /// publishes it once the extension has applied that answer.
    public func bindLockAllShortcut(_ shortcut: KeyboardShortcut?) {
        switch side.kind {
        case .kwin:
            guard shortcut != nil else { return }
            driver.log("KWin's shortcut \"AppLock: Lock All Now\" (Meta+Alt+L unless changed in Plasma's Shortcuts settings) locks every protected app")
        case .gnomeShell:
            let accelerator = shortcut?.description ?? ""
            guard accelerator != lockAllShortcut else { return }
            lockAllShortcut = accelerator
            shortcutAwaitingExtension = (shortcut, nil)
            publish()
            if let shortcut {
                driver.log("\(shortcut) locks every protected app (bound by the AppLock extension)")
            } else {
                driver.log("no shortcut locks every protected app ([Shortcuts] LockAll is empty)")
            }
        }
    }

    public func startFollowingWindows() {
        followCompositorSide()
    }

    func loadScript() throws {
        try loadScript("main.js", named: Self.scriptName)
    }

    /// The AppLock KWin script package's `file` (``KWinScript``): the first found under the data folders, else, in a
    /// debug build, the source tree's `data/kwin/applock`.
    private func scriptPath(_ file: String) throws -> String {
        if let path = KWinScript.locate(file, in: dataDirectories, fileExists: SmallFiles.isReadable) { return path }
        #if DEBUG
        // #filePath is <checkout>/Sources/AppLockGuardWayland/CompositorGuard.swift.
        let source = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
            + "/data/kwin/\(KWinScripting.appLockPackage)/contents/code/\(file)"
        if SmallFiles.isReadable(source) { return source }
        #endif
        throw DBusError(
            name: "org.freedesktop.DBus.Error.FileNotFound",
            message: "the AppLock KWin script is not installed (no \(KWinScript.packageFolder)/contents/code/\(file) in "
                + dataDirectories.joined(separator: ", ") + ")")
    }

    /// Has KWin load the package's script `file` as `name` (in place of one loaded so before) and run it; returns its
    /// id.
    @discardableResult
    private func loadScript(_ file: String, named name: String) throws -> Int32 {
        let path = try scriptPath(file)
        let scripting = try ObjectPath(KWinScripting.managerPath)
        unloadScript(named: name)
        let reply = try bus.call(
            destination: KWinScripting.service, path: scripting, interface: KWinScripting.managerInterface,
            member: "loadScript", arguments: [.string(path), .string(name)], timeout: .seconds(10))
        guard let id = reply.first?.int32Value, id >= 0 else {
            throw DBusError(name: "org.freedesktop.DBus.Error.Failed", message: "KWin refused the script: \(reply)")
        }
        try KWinScripting.run(id: id) { path in
            _ = try bus.call(
                destination: KWinScripting.service, path: ObjectPath(path), interface: KWinScripting.scriptInterface,
                member: "run", arguments: [], timeout: .seconds(10))
        }
        log("KWin script \(name) loaded from \(path) (id \(id))")
        return id
    }

    private func unloadScript(named name: String) {
        _ = try? bus.call(
            destination: KWinScripting.service, path: ObjectPath(KWinScripting.managerPath),
            interface: KWinScripting.managerInterface, member: "unloadScript", arguments: [.string(name)],
            timeout: .seconds(2))
    }

    // MARK: The script's calls

    private func exportScriptInterface() {
        let interface = ExportedInterface(
            name: Self.interfaceName,
            xml: InterfaceContract.guardCompositor.introspectionXML,
            methods: Dictionary(uniqueKeysWithValues: CompositorMethod.allCases.map { ($0.name, handler(for: $0)) }),
            signatures: Dictionary(uniqueKeysWithValues: CompositorMethod.allCases.map { ($0.name, $0.contract.inputSignature) }))
        bus.export(BasicExportedObject(interfaces: [interface]), at: try! ObjectPath(Self.objectPath))
    }

    /// What answers each method of the contract, from the compositor only.
    private func handler(for method: CompositorMethod) -> MethodHandler {
        switch method {
        case .windowEvent: { [unowned self] call in fromCompositor(call) { [unowned self] in windowEvent($0) } }
        case .poll: { [unowned self] call in fromCompositor(call) { [unowned self] in poll($0) } }
        }
    }

    /// Carries out a call of the compositor's script only when it comes from the compositor itself (the owner of
    /// `org.kde.KWin` or `org.gnome.Shell`): any other session client could otherwise say a covered window was gone,
    /// and the script would bring it back. While the owner is still being asked, calls wait (a refused `Poll` would
    /// end the extension's polling); once known, each is carried out or refused `AccessDenied`.
    private func fromCompositor(_ call: MethodInvocation, _ handle: @escaping (MethodInvocation) -> Void) {
        switch side.compositor {
        case .present(let owner) where owner == call.sender:
            handle(call)
        case .unknown where callsAwaitingCompositor.count < Self.callsAwaitingCompositorLimit:
            callsAwaitingCompositor.append((call, handle))
        default:
            call.fail(.accessDenied("only the compositor (the owner of \(compositorName)) may call this"))
        }
    }

    /// The compositor's owner is known: the calls that waited for it are carried out or refused.
    func settleCallsAwaitingCompositor() {
        guard side.compositor != .unknown else { return }
        let waiting = callsAwaitingCompositor
        callsAwaitingCompositor = []
        for (call, handle) in waiting { fromCompositor(call, handle) }
    }

    private func windowEvent(_ call: MethodInvocation) {
        call.reply()
        let a = call.arguments
        guard a.count == 6, let kind = a[0].stringValue, let uuid = a[1].stringValue,
              let desktopFile = a[2].stringValue, let resourceClass = a[3].stringValue, let pid = a[4].int32Value,
              let minimised = a[5].boolValue,
              let event = CompositorWindowEvent(kind: kind, window: uuid, desktopFile: desktopFile, resourceClass: resourceClass,
                                                pid: pid, minimised: minimised)
        else { return }
        windowEvent(event)
    }

    private func windowEvent(_ event: CompositorWindowEvent) {
        let uuid = event.window
        if let app = lockWindowToplevels[uuid] ?? lockWindows.first(where: { $0.value.pid == event.pid })?.key {
            switch event.kind {
            case .added:
                lockWindowToplevels[uuid] = app
                feed(.lockWindowMapped(app))
            case .activated:
                feed(.lockWindowFocused(app))
            case .removed:
                lockWindowToplevels[uuid] = nil
                feed(.lockWindowClosed(app))
            case .changed, .hidden, .restored, .openedHidden, .workspace, .lockAll:
                break
            }
            return
        }
        switch event.kind {
        case .added:
            if let id = ids[uuid] {
                // Reported again once the window has its class or app id, or they changed: resolve it again.
                if windows[id]?.names != [event.desktopFile, event.resourceClass] {
                    resolve(id, desktopFile: event.desktopFile, resourceClass: event.resourceClass)
                }
                return
            }
            let id = nextID
            nextID += 1
            ids[uuid] = id
            windows[id] = Window(uuid: uuid, pid: event.pid, minimised: event.minimised)
            resolve(id, desktopFile: event.desktopFile, resourceClass: event.resourceClass)
            updateShown(id)
        case .changed:
            guard let id = ids[uuid] else { return }
            windows[id]?.minimised = event.minimised
            updateShown(id)
        case .activated:
            guard let id = ids[uuid] else { return }
            feed(.activeWindowChanged(GuardWindowID(id)))
        case .hidden:
            guard let id = ids[uuid] else { return }
            let onScreen = windows.filter { $0.key != id && !$0.value.minimised && !hidden.contains($0.key) }.keys
            feed(.activeWindowHidden(GuardWindowID(id), onScreen: Set(onScreen.map { GuardWindowID($0) })))
        case .restored:
            guard let id = ids[uuid] else { return }
            feed(.windowRestored(GuardWindowID(id)))
        case .openedHidden:
            guard let id = ids[uuid] else { return }
            feed(.windowOpenedHidden(GuardWindowID(id)))
        case .workspace:
            feed(.workspaceSwitched)
        case .lockAll:
            driver.lockAllByShortcut()
        case .removed:
            guard let id = ids.removeValue(forKey: uuid) else { return }
            windows[id] = nil
            hidden.remove(id)
            feed(.windowGone(GuardWindowID(id)))
        }
    }

    /// Answers at once when the script's version is old, else holds the call until something changes.
    private func poll(_ call: MethodInvocation) {
        sidePolled(by: call.sender)
        if let seen = call.arguments.first?.int32Value { followShortcutAwaitingExtension(applied: seen) }
        guard let seen = call.arguments.first?.int32Value, seen == version else {
            return answer(call, [.int32(version), .string(takeWanted())])
        }
        let hold = loop.schedule(at: .after(Self.pollHold)) { [unowned self] in
            polls.removeAll { $0.0 === call }
            answer(call, [.int32(version), .string(takeWanted())])
        }
        polls.append((call, hold))
    }

    /// The extension polls with the version of the last answer it applied: once that carried the shortcut given,
    /// the shortcut is bound.
    private func followShortcutAwaitingExtension(applied seen: Int32) {
        guard let awaiting = shortcutAwaitingExtension, let answeredIn = awaiting.answeredIn, seen >= answeredIn else { return }
        shortcutAwaitingExtension = nil
        driver.lockAllShortcutBound(awaiting.shortcut, problem: nil)
    }

    /// Answers a `Poll`; the script must poll again within ``CompositorSide/pollSilenceBound``.
    private func answer(_ call: MethodInvocation, _ arguments: [DBusValue]) {
        call.reply(arguments)
        sidePollAnswered(to: call.sender)
    }

    /// Tells the script the new wanted state (answers the held polls) once the actions at hand are all carried out:
    /// the script must see an unlock's uncovered windows together with the lock window gone, or it brings them back
    /// without the keyboard, and a lock's hidden windows in one answer rather than in two round trips.
    func publish() {
        guard !publishScheduled else { return }
        publishScheduled = true
        loop.runSoon { [unowned self] in
            publishScheduled = false
            answerPolls()
        }
    }

    private func answerPolls() {
        version &+= 1
        guard !polls.isEmpty else { return }
        let text = takeWanted()
        for (call, hold) in polls {
            loop.cancel(hold)
            answer(call, [.int32(version), .string(text)])
        }
        polls.removeAll()
    }

    /// The `Poll` answer: the windows kept minimised, the lock window's process (0 for none), the apps whose
    /// notifications are private, the window to activate and, for GNOME's extension, the lock-all shortcut
    /// (``CompositorWanted``); the activation goes out once.
    private func takeWanted() -> String {
        defer { activation = nil }
        if side.kind == .gnomeShell, shortcutAwaitingExtension != nil, shortcutAwaitingExtension?.answeredIn == nil {
            shortcutAwaitingExtension?.answeredIn = version
        }
        return CompositorWanted(
            hide: hidden.compactMap { windows[$0]?.uuid }.sorted(),
            lockPid: driver.core.lockWindowApp.flatMap { lockWindows[$0]?.pid } ?? 0,
            hideNotifications: privateNotificationApps,
            activate: activation ?? "",
            lockAll: side.kind == .gnomeShell ? lockAllShortcut : nil
        ).json
    }

    // MARK: Windows

    /// A window counts as shown while it is not minimised, or while the guard keeps it minimised.
    func updateShown(_ id: UInt32) {
        guard let window = windows[id] else { return }
        let shown = !window.minimised || hidden.contains(id)
        guard window.shown != shown else { return }
        windows[id]?.shown = shown
        feed(shown ? .windowShown(GuardWindowID(id)) : .windowHidden(GuardWindowID(id)))
    }

    /// Which guarded app the window belongs to (``GuardDriver/guardedApp(pid:clues:appsByPID:)``): the
    /// desktop-file name and the resource class (Wayland app id or X11 class) the compositor reports.
    func resolve(_ id: UInt32, desktopFile: String, resourceClass: String) {
        guard let window = windows[id] else { return }
        var appsByPID: [Int32: AppID] = [:]
        for other in windows.values { if let a = other.app { appsByPID[other.pid] = a } }
        let app = driver.guardedApp(pid: window.pid, clues: [.name(desktopFile), .name(resourceClass)], appsByPID: appsByPID)
        windows[id]?.app = app
        windows[id]?.names = [desktopFile, resourceClass]
        feed(.windowResolved(GuardWindowID(id), app: app))
    }

    public func lockWindowEnded(_ app: AppID) {
        if driver.core.lockWindowApp == app { publish() }
    }

    /// SIGTERM: the KWin script is unloaded; windows it minimised stay minimised, made opaque again.
    public func shutDown() {
        guard desktop == .plasmaWayland else { return }
        unloadScript(named: Self.scriptName)
        // Windows it hid stay minimised, but not transparent: restored with no guard running, they show.
        let restore = Self.scriptName + "-restore"
        if (try? loadScript("restore.js", named: restore)) != nil { unloadScript(named: restore) }
    }
}

@available(*, unavailable) extension CompositorGuard: Sendable {}
