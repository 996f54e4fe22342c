import AppLockAgent
import AppLockCore
import AppLockGuard
import DBusKit
import Glibc
import X11Kit

/// The resident guard on X11: follows every top-level window, resolves which guarded app each belongs to, feeds
/// the pure `GuardCore` with what the windows and the agent do, and carries out its actions with Xlib (covers,
/// keyboard grab), the agent link and the lock window process. One thread: the event loop's.
public final class X11Guard {
    /// The bus name the guard owns while it runs: one guard per session, and `applockctl guard` finds it by it.
    public static let busName = "io.github.applock.Guard1"
    /// The root window property listing the guard's cover windows, so that a successor can free them.
    static let coversProperty = "_APPLOCK_GUARD_COVERS"
    /// The covers' colour (the server fills a cover with it the moment it is mapped).
    static let coverRGB: UInt32 = 0x24_27_3a

    struct Client {
        var frame: X11Window
        var pid: Int32?
        var app: AppID?
        var shown = false
    }

    struct Cover {
        let window: X11Window
        var rect: X11Rect
        var kind: CoverKind = .locked
        var app: AppID?
        var mapped = false
        var lockChild: X11Window?
    }

    let configuration: GuardConfiguration
    let loop: EventLoop
    let display: X11Display
    let bus: Connection
    let agent: GuardAgentLink
    var core = GuardCore()
    var policyLoader: PolicyLoader
    var entries: [AppID: DesktopEntry] = [:]
    var clients: [X11Window: Client] = [:]
    var frames: [X11Window: X11Window] = [:]
    var covers: [X11Window: Cover] = [:]
    var coverOwners: [X11Window: X11Window] = [:]
    var lockWindows: [AppID: LockWindowProcess] = [:]
    var reportedMissingLockWindow = false
    var timer: TimerHandle?
    var pendingInputs: [GuardInput] = []
    var feeding = false
    var draining = false
    let started = ContinuousClock.now

    public init(configuration: GuardConfiguration) throws {
        self.configuration = configuration
        loop = try EventLoop()
        display = try X11Display()
        bus = try Connection.session(loop: loop)
        try bus.requestName(Self.busName)
        GuardStatus.export(on: bus, desktop: .x11)
        agent = GuardAgentLink(connection: bus)
        policyLoader = PolicyLoader(
            userDirectory: configuration.policy.configDirectory, adminPolicyPath: configuration.policy.adminPolicyPath)
    }

    /// Takes over from a predecessor, covers what must be covered, then runs until SIGTERM or SIGINT.
    public func run() {
        let predecessorCovers = display.rootCardinals(Self.coversProperty)
        display.retainWindowsAfterExit(true)
        display.followRoot()
        _ = loop.watch(fd: display.fileDescriptor, readable: true, writable: false) { [unowned self] _ in drainX() }
        loop.onSignal(SIGHUP) { [unowned self] in reloadPolicy() }
        loop.onSignal(SIGCHLD) { [unowned self] in reapLockWindows() }
        loop.onSignal(SIGTERM) { [unowned self] in shutDown() }
        loop.onSignal(SIGINT) { [unowned self] in shutDown() }
        bus.onDisconnected = { [unowned self] in
            log("the session bus went away; covers stay until a new guard takes over")
            loop.stop()
        }

        reloadPolicy()
        agent.watchAgent { [unowned self] present in feed(.agentPresence(present)) }
        for window in display.clientList() { track(window) }
        feed(.activeWindowChanged(display.activeWindow().map { GuardWindowID($0.id) }))
        display.sync()
        let ours = Set(covers.values.map(\.window.id))
        for id in predecessorCovers where !ours.contains(id) && display.isCover(X11Window(id)) {
            display.killClient(owning: X11Window(id))
        }
        publishCovers()
        display.flush()
        drainX()
        loop.run()
    }

    // MARK: Feeding the core

    func now() -> Duration { ContinuousClock.now - started }

    /// Hands `input` to the core and carries out its actions; inputs that arrive meanwhile (answers to actions)
    /// are queued and handled in order.
    func feed(_ input: GuardInput) {
        pendingInputs.append(input)
        guard !feeding else { return }
        feeding = true
        while !pendingInputs.isEmpty {
            let next = pendingInputs.removeFirst()
            let actions = core.handle(next, now: now())
            if configuration.verbose, !actions.isEmpty { log("\(next) -> \(actions)") }
            for action in actions { execute(action) }
            display.flush()
        }
        feeding = false
        drainX()
    }

    func reloadPolicy() {
        let (policies, problems) = policyLoader.load()
        for problem in problems { log(problem) }
        let guarded = policies.guardedApps
        entries = Dictionary(uniqueKeysWithValues: guarded.map {
            ($0, DesktopEntry.find($0, dataDirectories: configuration.dataDirectories))
        })
        feed(.guardedAppsChanged(policies.guardedAppRules))
        for window in clients.keys.sorted() { resolve(window) }
    }

    func publishCovers() {
        display.setRootCardinals(Self.coversProperty, covers.values.map(\.window.id).sorted())
    }

    func reapLockWindows() {
        for (app, process) in lockWindows {
            guard process.exitStatus() != nil else { continue }
            lockWindows[app] = nil
            feed(.lockWindowExited(app))
        }
    }

    /// SIGTERM: an orderly stop takes its covers down with it (a crash leaves them up).
    func shutDown() {
        lockWindows.removeAll()
        display.ungrabKeyboard()
        for cover in covers.values { display.destroy(cover.window) }
        covers.removeAll()
        display.setRootCardinals(Self.coversProperty, [])
        display.retainWindowsAfterExit(false)
        display.sync()
        loop.stop()
    }

    func log(_ line: String) {
        _ = "applock-guard: \(line)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}

@available(*, unavailable) extension X11Guard: Sendable {}
