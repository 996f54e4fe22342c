public import AppLockCore
import AppLockGuardCore
public import AppLockGuard
public import AppLockProtocol
import Glibc
import SystemKit
import WaylandKit

/// The resident guard on sway (and wlroots compositors speaking sway's IPC). A Wayland client cannot see or
/// cover other clients' windows, so the compositor does it: the guard follows the tree over IPC, and while a
/// guarded app is `obscured` or `locked` its windows are moved to sway's scratchpad (off every workspace, so
/// they are neither drawn nor focusable and no key can reach them) and brought back when it is unlocked. The
/// lock window is an ordinary toplevel the guard makes floating, sticky and focused. The same `GuardCore`
/// decides as on X11 (through ``GuardDriver``); one thread, the event loop's.
public final class SwayGuard: GuardBackend {
    /// sway's name for the scratchpad workspace.
    static let scratchpad = "__i3_scratch"

    struct Window {
        var pid: Int32?
        var app: AppID?
        var workspace: String
        var floating = false
        /// Where the window was before the guard hid it, and whether it was floating.
        var home: (workspace: String, floating: Bool)?
        var shown = false
        /// The app id, class and instance last seen: a window is decided again when they change.
        var names: [String] = []
    }

    let driver: GuardDriver
    let commands: SwayIPC
    let events: SwayIPC
    var windows: [Int: Window] = [:]
    var lockWindowContainers: [Int: AppID] = [:]
    var focused: Int?
    /// The workspace holding the focus, as last read.
    var focusedWorkspace: String?
    private var eventWatch: WatchHandle?
    /// The shortcut bound in sway for locking every protected app.
    private var boundShortcut: KeyboardShortcut?

    /// Connects to sway at `socketPath` (`$SWAYSOCK`) twice (requests, events) and to the session bus.
    public init(configuration: GuardConfiguration, socketPath: String) throws {
        driver = try GuardDriver(configuration: configuration, desktop: .sway)
        commands = try SwayIPC(socketPath: socketPath)
        events = try SwayIPC(socketPath: socketPath)
    }

    /// Follows sway's windows and hides what must be hidden until SIGTERM or SIGINT, or until the session bus goes.
    public func run() throws {
        do {
            try events.subscribe(["window", "workspace", "binding"])
        } catch {
            driver.log("cannot follow sway's windows: \(error)")
            return
        }
        floatLockWindowsFromTheirFirstFrame()
        eventWatch = driver.loop.watch(fd: events.fileDescriptor, readable: true, writable: false) { [unowned self] _ in
            swayEvents()
        }
        try driver.run(self)
    }

    func feed(_ input: GuardInput) { driver.feed(input) }

    /// A rule that makes every lock window floating as sway maps it, at the size it asks for, in the middle of the
    /// output (where sway puts a new floating window). Floated only after it was mapped, it raced its first tiled
    /// configure (sway 1.7): the container kept the tiled size, 1276×796, at the place centred for the window's own
    /// 420×660, and ran past the output's right edge. A lock window's Wayland app id is its program's file name.
    private func floatLockWindowsFromTheirFirstFrame() {
        let program = driver.configuration.lockWindowPath?.split(separator: "/").last.map(String.init) ?? "applock-lock-window"
        let pattern = program.map { $0 == "." ? "[.]" : String($0) }.joined()
        sway("for_window [app_id=\"^\(pattern)$\"] floating enable")
    }

    /// sway's event socket has closed: it is no longer watched (the guard stays on the bus, saying it is not
    /// protecting, until the session ends).
    func stopFollowingEvents() {
        if let eventWatch { driver.loop.unwatch(eventWatch) }
        eventWatch = nil
    }

    /// The lock windows the driver runs.
    var lockWindows: [AppID: LockWindowProcess] { driver.lockWindows }

    // MARK: GuardBackend

    public func startFollowingWindows() {
        refreshTree()
    }

    public func guardedAppsReloaded() {
        for id in windows.keys.sorted() { resolve(id) }
    }

    public func lockWindowEnded(_ app: AppID) {
        lockWindowContainers = lockWindowContainers.filter { $0.value != app }
    }

    /// Hidden windows stay in the scratchpad when the guard stops (as after a crash), for the next guard.
    public var leftBehindWhenTheBusGoes: String? { "hidden windows stay in the scratchpad until a new guard takes over" }

    /// The command of the binding the guard adds for the shortcut that locks every protected app: it does nothing in
    /// sway, and its `binding` event tells the guard.
    static let lockAllBindingCommand = "nop applock-lock-all"

    /// Binds `shortcut` in sway while the guard runs (replacing the one bound before), to a command that does
    /// nothing but tell the guard, which locks every protected app; published on the bus (`LockAllShortcut`), with
    /// sway's refusal as "no-such-key".
    public func bindLockAllShortcut(_ shortcut: KeyboardShortcut?) {
        if let bound = boundShortcut { sway("unbindsym \(bound.swayBinding)") }
        boundShortcut = shortcut
        guard let shortcut else { return driver.lockAllShortcutBound(nil, problem: nil) }
        do {
            try commands.command("bindsym --no-repeat \(shortcut.swayBinding) \(Self.lockAllBindingCommand)")
            driver.lockAllShortcutBound(shortcut, problem: nil)
            driver.log("\(shortcut) locks every protected app (bound in sway)")
        } catch {
            // sway refuses a binding whose key it cannot parse: the keyboard has none by that name.
            driver.lockAllShortcutBound(shortcut, problem: .noSuchKey)
            driver.log("cannot bind \(shortcut) in sway: \(error)")
        }
    }

    /// The shortcut the guard bound goes with it.
    public func shutDown() {
        if let bound = boundShortcut { sway("unbindsym \(bound.swayBinding)") }
    }

    /// Runs a sway command; a refusal is logged (the window may have gone meanwhile).
    func sway(_ command: String) {
        do {
            try commands.command(command)
        } catch {
            driver.log("\(error)")
        }
    }
}

@available(*, unavailable) extension SwayGuard: Sendable {}
