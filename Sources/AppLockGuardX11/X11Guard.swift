public import AppLockCore
import AppLockDesktop
import AppLockGuardCore
public import AppLockGuard
public import AppLockProtocol
import DBusKit
import Glibc
import X11Kit

/// The resident guard on X11: follows every top-level window, resolves which guarded app each belongs to, tells
/// the shared ``GuardDriver`` (which feeds the pure `GuardCore` and talks to the agent) what the windows do, and
/// carries out the core's window actions with Xlib (covers, keyboard grab, the lock window inside a cover). One
/// thread: the event loop's.
public final class X11Guard: GuardBackend {
    /// The root window property listing the guard's cover windows, so that a successor can free them.
    static let coversProperty = "_APPLOCK_GUARD_COVERS"
    /// The root window property listing the windows the guard minimised, so that a successor brings them back.
    static let minimisedProperty = "_APPLOCK_GUARD_MINIMISED"
    /// The covers' colour (the server fills a cover with it the moment it is mapped).
    static let coverRGB: UInt32 = 0x24_27_3a

    struct Client {
        var frame: X11Window
        var pid: Int32?
        /// The frame's area on the root window, as last reported to the core.
        var rect: X11Rect?
        var app: AppID?
        var shown = false
        /// A menu, tooltip or pop-up the window manager does not manage: covered, never minimised.
        var overrideRedirect = false
    }

    /// A cover window, by the client it covers. How it is covered and whose app it names are the core's
    /// (`GuardCore.covers`, `GuardCore.app(of:)`), read when it is drawn.
    struct Cover {
        let window: X11Window
        var rect: X11Rect
        var mapped = false
        var lockChild: X11Window?
        /// The windows whose covers this one was told to stay above, besides its own window's frame (the core's last
        /// `restack`): kept so that the cover goes back there when another client restacks it.
        var aboveCoversOf: Set<X11Window> = []
    }

    let driver: GuardDriver
    let display: X11Display
    var clients: [X11Window: Client] = [:]
    var frames: [X11Window: X11Window] = [:]
    var covers: [X11Window: Cover] = [:]
    var coverOwners: [X11Window: X11Window] = [:]
    /// The floating lock window's host, by the app whose lock window it holds: a window painted as a cover, above
    /// everything, when no cover holds the lock window.
    struct LockHost {
        let app: AppID
        let window: X11Window
        var rect: X11Rect
        var lockChild: X11Window?
    }

    /// The floating lock window's host, when no cover holds the lock window.
    var lockHost: LockHost?
    var draining = false
    private var predecessorCovers: [UInt32] = []
    /// The windows a predecessor minimised and did not bring back: this guard brings them back on unlock.
    var predecessorMinimised: Set<UInt32> = []
    /// The covered windows the guard minimised on a compositing desktop, to bring back when they are uncovered.
    var minimisedByGuard: Set<X11Window> = []
    /// The windows of ``minimisedByGuard`` the window manager has taken off the screen: one that comes back is reached
    /// for.
    var offScreenByGuard: Set<X11Window> = []
    /// Covered windows to minimise once nothing holds them back (``minimiseWaitingWindows()``).
    var minimiseSoon: Set<X11Window> = []
    /// The key grabbed on the root window for the shortcut that locks every protected app.
    var lockAllGrab: X11KeyGrab?

    public init(configuration: GuardConfiguration) throws {
        display = try X11Display()
        driver = try GuardDriver(configuration: configuration, desktop: .x11)
    }

    var core: GuardCore { driver.core }
    var entries: [AppID: DesktopEntry] { driver.entries }

    /// Takes over from a predecessor, covers what must be covered, then runs until SIGTERM or SIGINT.
    public func run() throws {
        predecessorCovers = display.rootCardinals(Self.coversProperty)
        predecessorMinimised = Set(display.rootCardinals(Self.minimisedProperty))
        display.retainWindowsAfterExit(true)
        display.followRoot()
        if !display.followCompositor() { driver.log("the X server has no XFixes: a compositor started later is not noticed") }
        display.followXSettings()
        _ = driver.loop.watch(fd: display.fileDescriptor, readable: true, writable: false) { [unowned self] _ in drainX() }
        try driver.run(self)
    }

    func feed(_ input: GuardInput) { driver.feed(input) }

    // MARK: GuardBackend

    public func startFollowingWindows() {
        followTextScaling()
        feed(.coveredWindowsMinimised(display.compositorRunning()))
        for window in display.clientList() { track(window) }
        feed(.activeWindowChanged(display.activeWindow().map { GuardWindowID($0.id) }))
        display.sync()
        let ours = Set(covers.values.map(\.window.id))
        for id in predecessorCovers where !ours.contains(id) && display.isCover(X11Window(id)) {
            display.killClient(owning: X11Window(id))
        }
        let predecessors = Set(predecessorCovers)
        for window in display.mappedOverrideRedirectTopLevels() where !predecessors.contains(window.id) {
            trackOverrideRedirect(window)
        }
        publishCovers()
        reportWhetherACoverCanBeMade()
        display.flush()
        drainX()
    }

    /// Protected on X11 means a cover could be made: one is made (unmapped), checked with the server and destroyed.
    private func reportWhetherACoverCanBeMade() {
        let probe = display.createCover(at: X11Rect(x: 0, y: 0, width: 1, height: 1), rgb: Self.coverRGB)
        display.sync()
        let made = display.isCover(probe)
        display.destroy(probe)
        driver.report(made
            ? .protecting(on: GuardDesktop.x11.name, N_("covers are made on the X server"))
            : .notProtecting(.noCover, on: GuardDesktop.x11.name, N_("the X server refused a cover window"),
                             fix: N_("restart applock-guard (systemctl --user restart applock-guard)")))
    }

    public func guardedAppsReloaded() {
        for window in clients.keys.sorted() { resolve(window) }
    }

    public func actionsPerformed() {
        display.flush()
    }

    public func feedingFinished() {
        drainX()
    }

    public var leftBehindWhenTheBusGoes: String? {
        "covers stay, and windows minimised on a compositing desktop stay minimised, until a new guard takes over"
    }

    func publishCovers() {
        let windows = covers.values.map(\.window.id) + (lockHost.map { [$0.window.id] } ?? [])
        display.setRootCardinals(Self.coversProperty, windows.sorted())
    }

    func publishMinimised() {
        display.setRootCardinals(Self.minimisedProperty, minimisedByGuard.map(\.id).sorted())
    }

    public func lockWindowEnded(_ app: AppID) {
        if lockHost?.app == app { discardLockHost() }
    }

    /// Grabs `shortcut` on the root window (letting go of the one before), under every CapsLock and NumLock state; a
    /// key another client holds already (the window manager's, a hotkey daemon's) is said plainly in the log and on
    /// the bus (``GuardDriver/lockAllShortcutBound(_:problem:)``), where AppLock Settings shows it.
    public func bindLockAllShortcut(_ shortcut: KeyboardShortcut?) {
        if let lockAllGrab { display.ungrabKey(lockAllGrab) }
        lockAllGrab = nil
        guard let shortcut else { return driver.lockAllShortcutBound(nil, problem: nil) }
        var modifiers: X11KeyModifiers = []
        for modifier in shortcut.modifiers {
            switch modifier {
            case .shift: modifiers.insert(.shift)
            case .control: modifiers.insert(.control)
            case .alt: modifiers.insert(.mod1)
            case .superKey: modifiers.insert(.mod4)
            }
        }
        do throws(X11KeyGrabError) {
            lockAllGrab = try display.grabKey(keysym: shortcut.key, modifiers: modifiers)
            driver.log("\(shortcut) locks every protected app (grabbed on the X server)")
            driver.lockAllShortcutBound(shortcut, problem: nil)
        } catch {
            switch error {
            case .taken:
                driver.lockAllShortcutBound(shortcut, problem: .taken)
                driver.log("\(shortcut) does not lock every app: another program (the window manager?) has taken it; choose another shortcut in AppLock Settings")
            case .noSuchKey(let key):
                driver.lockAllShortcutBound(shortcut, problem: .noSuchKey)
                driver.log("\(shortcut) does not lock every app: the keyboard has no key \(key)")
            }
        }
    }

    /// SIGTERM: an orderly stop takes its covers down with it (a crash leaves them up). Windows it minimised stay
    /// minimised (and listed on the root window), for the next guard to bring back on unlock.
    public func shutDown() {
        display.ungrabKeyboard()
        for cover in covers.values { display.destroy(cover.window) }
        covers.removeAll()
        discardLockHost()
        display.setRootCardinals(Self.coversProperty, [])
        display.retainWindowsAfterExit(false)
        display.sync()
    }
}

@available(*, unavailable) extension X11Guard: Sendable {}
