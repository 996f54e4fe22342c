public import AppLockCore
public import AppLockGuardCore
public import AppLockGuard
public import AppLockProtocol
import Glibc
import SystemKit
public import WaylandKit

/// The resident guard on a wlroots compositor (labwc, Wayfire, Hyprland, niri, river…) through two of the wlroots
/// protocols (``WlrDesktop``). While a guarded app is `obscured` or `locked` its toplevels are kept minimised
/// (`zwlr_foreign_toplevel_manager_v1`): one that comes back (a task bar, a click, `activate`) is minimised again at
/// once, counts as the user reaching for the app, and the lock window is shown and activated. Until every such
/// toplevel is minimised again, an opaque layer-shell overlay (`zwlr_layer_shell_v1`) covers every output and takes
/// the keyboard and pointer: it covers what might flash in between, and an app the compositor does not minimise
/// stays covered the whole time. On such a compositor the lock window is a layer-shell surface above the overlay
/// (``LockWindowSurface``), where gtk4-layer-shell is installed; without it the lock window is under the overlay too
/// and only `applockctl unlock` works, which the protecting statement says.
/// The same `GuardCore` decides as everywhere else, through ``GuardDriver``; one thread, the event loop's.
public final class WlrootsGuard: GuardBackend {
    struct Window {
        var toplevel: WlrDesktop.Toplevel
        var app: AppID?
        var shown = false
    }

    let driver: GuardDriver
    let desktop: WlrDesktop
    let name: String
    var windows: [UInt32: Window] = [:]
    /// The toplevels the guard keeps minimised.
    var hidden: Set<UInt32> = []
    /// The lock windows' toplevels, and the app each locks.
    var lockWindowToplevels: [UInt32: AppID] = [:]

    /// Connects to the compositor (`$WAYLAND_DISPLAY`) and to the session bus; `name` is the desktop's name.
    public init(configuration: GuardConfiguration, desktop: WlrDesktop, name: String) throws {
        driver = try GuardDriver(configuration: configuration, desktop: .wlroots(name))
        driver.lockWindowSurface = .forCompositor(named: name)
        self.desktop = desktop
        self.name = name
    }

    /// Follows the compositor's toplevels and hides what must be hidden until SIGTERM or SIGINT; when the compositor
    /// goes, says it no longer protects.
    public func run() throws {
        desktop.onEvent = { [unowned self] event in handle(event) }
        var watch: WatchHandle?
        watch = driver.loop.watch(fd: desktop.fileDescriptor, readable: true, writable: false) { [unowned self] _ in
            do {
                try desktop.dispatch()
            } catch {
                if let watch { driver.loop.unwatch(watch) }
                watch = nil
                driver.report(.notProtecting(
                    .compositorGone, on: name, "\(error)", fix: N_("log in again; a new applock-guard starts with the session")))
            }
        }
        try driver.run(self)
    }

    func feed(_ input: GuardInput) { driver.feed(input) }

    /// A lock window's Wayland app id: its program's file name.
    private var lockWindowAppID: String {
        driver.configuration.lockWindowPath?.split(separator: "/").last.map(String.init) ?? "applock-lock-window"
    }

    // MARK: GuardBackend

    /// A wlroots compositor binds keys in its own configuration (labwc: `rc.xml`, docs/usage.md gives the line), not
    /// through a protocol a client may use.
    public func bindLockAllShortcut(_ shortcut: KeyboardShortcut?) {
        guard let shortcut else { return }
        driver.log("\(shortcut) is not bound by the guard here: bind it in the compositor's settings to `applockctl lock --all` (docs/usage.md)")
    }

    public func startFollowingWindows() throws {
        try desktop.startFollowingToplevels()
        let how = N_("through wlr-foreign-toplevel-management and wlr-layer-shell")
        driver.report(.protecting(on: name, driver.lockWindowSurface.caveat.map { "\(how); \($0)" } ?? how))
    }

    public func guardedAppsReloaded() {
        for id in windows.keys.sorted() { resolve(id) }
    }

    public func lockWindowEnded(_ app: AppID) {
        lockWindowToplevels = lockWindowToplevels.filter { $0.value != app }
    }

    /// Windows the guard minimised stay minimised when it stops (as after a crash), for the next guard.
    public var leftBehindWhenTheBusGoes: String? { "hidden windows stay minimised until a new guard takes over" }

    public func execute(_ action: DesktopAction) {
        switch action {
        case .cover(let id, _, _):
            guard windows[id.rawValue] != nil, hidden.insert(id.rawValue).inserted else { return }
            if let onScreen = keepHidden(id.rawValue) { feed(.activeWindowHidden(id, onScreen: onScreen)) }
        case .uncover(let id), .discardCover(let id):
            guard hidden.remove(id.rawValue) != nil else { return }
            if windows[id.rawValue]?.toplevel.minimized == true { desktop.setMinimized(id.rawValue, false) }
            updateOverlay()
            updateShown(id.rawValue)
        case .prepareCover, .restack:
            break
        case .grabKeyboard:
            // A minimised toplevel has no keyboard, and the overlay takes it while one is not minimised yet.
            feed(.keyboardGrabAnswered(true))
        case .releaseKeyboard(let app):
            if let app { activateLockWindow(of: app) }
        case .showLockWindow(let app, _):
            // On the overlay layer the lock window has no toplevel to wait for: it takes the keyboard once it is up.
            if driver.startLockWindow(for: app) != nil, case .overlayLayer = driver.lockWindowSurface {
                feed(.lockWindowMapped(app))
            }
        case .hideLockWindow(let app):
            lockWindowEnded(app)
        case .activate(let id):
            desktop.activate(id.rawValue)
        }
    }

    // MARK: Toplevels

    private func handle(_ event: WlrDesktop.Event) {
        switch event {
        case .changed(let id, let toplevel):
            changed(id, toplevel)
        case .closed(let id):
            lockWindowToplevels[id] = nil
            guard windows.removeValue(forKey: id) != nil else { return }
            hidden.remove(id)
            updateOverlay()
            feed(.windowGone(GuardWindowID(id)))
        }
    }

    /// A toplevel changed: the facts the core decides on (activated, minimised, restored) are reported, and one the
    /// guard hides that came back (a task bar, a click, `activate`) is minimised again at once.
    private func changed(_ id: UInt32, _ toplevel: WlrDesktop.Toplevel) {
        if let app = lockWindowToplevels[id] {
            if toplevel.activated { feed(.lockWindowFocused(app)) }
            return
        }
        if toplevel.appID == lockWindowAppID && lockWindowMapped(id) { return }
        let known = windows[id]
        windows[id, default: Window(toplevel: toplevel)].toplevel = toplevel
        if known?.toplevel.appID != toplevel.appID { resolve(id) }
        updateShown(id)
        // The hot path first: one the guard hides that came back is minimised again, then the facts are told.
        let hidActive = hidden.contains(id) ? keepHidden(id) : nil
        if toplevel.minimized, known?.toplevel.minimized == false { feed(.windowMinimised(GuardWindowID(id))) }
        let restored = !toplevel.minimized && known?.toplevel.minimized == true
        if restored { feed(.windowRestored(GuardWindowID(id))) }
        // A hidden toplevel restored is already an activation in the core's eyes: it is not reported twice.
        if toplevel.activated, known?.toplevel.activated != true, !(restored && hidden.contains(id)) {
            feed(.activeWindowChanged(GuardWindowID(id)))
        }
        if let hidActive { feed(.activeWindowHidden(GuardWindowID(id), onScreen: hidActive)) }
        updateOverlay()
    }

    /// A toplevel with the lock window's app id: the lock window of the first app whose lock window runs and has
    /// no toplevel yet. It is activated (raised, with the keyboard).
    private func lockWindowMapped(_ id: UInt32) -> Bool {
        let placed = Set(lockWindowToplevels.values)
        guard let app = driver.lockWindows.keys.sorted().first(where: { !placed.contains($0) }) else { return false }
        lockWindowToplevels[id] = app
        desktop.activate(id)
        feed(.lockWindowMapped(app))
        return true
    }

    private func activateLockWindow(of app: AppID) {
        if let id = lockWindowToplevels.first(where: { $0.value == app })?.key { desktop.activate(id) }
    }

    /// Minimises a hidden toplevel that is not minimised, with the overlay up until the compositor says it is. When
    /// it was the active one, answers the toplevels on screen besides it: the compositor hands the focus on by itself
    /// (labwc to its topmost window), and the caller tells the core (which tells that from the user's choice).
    private func keepHidden(_ id: UInt32) -> Set<GuardWindowID>? {
        guard let toplevel = windows[id]?.toplevel, !toplevel.minimized else { return nil }
        let onScreen = toplevel.activated
            ? Set(windows.filter { $0.key != id && !$0.value.toplevel.minimized && !hidden.contains($0.key) }.keys.map { GuardWindowID($0) })
            : nil
        desktop.setMinimized(id, true)
        updateOverlay()
        return onScreen
    }

    /// The overlay is up while any toplevel the guard hides is not minimised. When it comes down with the app still
    /// hidden (a reach answered), the keyboard goes back to the newest lock window, which the overlay took it from;
    /// when it comes down because the app was unlocked, the app gets it (``DesktopAction/activate(_:)``).
    private func updateOverlay() {
        let needed = hidden.contains { windows[$0]?.toplevel.minimized == false }
        guard needed != desktop.overlayShown else { return }
        desktop.showOverlay(needed)
        guard !needed else { return }
        let stillLocked = Set(hidden.compactMap { windows[$0]?.app })
        if let newest = lockWindowToplevels.filter({ stillLocked.contains($0.value) }).keys.max() { desktop.activate(newest) }
    }

    /// A toplevel counts as shown while it is not minimised, or while the guard keeps it minimised.
    private func updateShown(_ id: UInt32) {
        guard let window = windows[id] else { return }
        let shown = !window.toplevel.minimized || hidden.contains(id)
        guard window.shown != shown else { return }
        windows[id]?.shown = shown
        feed(shown ? .windowShown(GuardWindowID(id)) : .windowHidden(GuardWindowID(id)))
    }

    /// Which guarded app the toplevel belongs to (``GuardDriver/guardedApp(pid:clues:appsByPID:)``), by its app id:
    /// the protocol gives no process id.
    private func resolve(_ id: UInt32) {
        guard let window = windows[id] else { return }
        let app = driver.guardedApp(pid: nil, clues: [.name(window.toplevel.appID)], appsByPID: [:])
        windows[id]?.app = app
        feed(.windowResolved(GuardWindowID(id), app: app))
    }
}

@available(*, unavailable) extension WlrootsGuard: Sendable {}
