import AppLockAgent
import AppLockCore
import AppLockGuard
public import AppLockGuardX11
import DBusKit
import Glibc
import WaylandKit

/// The resident guard on sway (and wlroots compositors speaking sway's IPC). A Wayland client cannot see or
/// cover other clients' windows, so the compositor does it: the guard follows the tree over IPC, and while a
/// guarded app is `obscured` or `locked` its windows are moved to sway's scratchpad (off every workspace, so
/// they are neither drawn nor focusable and no key can reach them) and brought back when it is unlocked. The
/// lock window is an ordinary toplevel the guard makes floating, sticky and focused. The same `GuardCore`
/// decides as on X11; one thread, the event loop's.
public final class SwayGuard {
    /// sway's name for the scratchpad workspace.
    static let scratchpad = "__i3_scratch"

    struct Window {
        var pid: Int32?
        var app: AppID?
        var workspace: String
        /// Where the window was before the guard hid it, and whether it was floating.
        var home: (workspace: String, floating: Bool)?
        var shown = false
    }

    let configuration: GuardConfiguration
    let loop: EventLoop
    let bus: Connection
    let agent: GuardAgentLink
    let commands: SwayIPC
    let events: SwayIPC
    var core = GuardCore()
    var policyLoader: PolicyLoader
    var entries: [AppID: DesktopEntry] = [:]
    var windows: [Int: Window] = [:]
    var lockWindows: [AppID: LockWindowProcess] = [:]
    var lockWindowContainers: [Int: AppID] = [:]
    var focused: Int?
    var reportedMissingLockWindow = false
    var timer: TimerHandle?
    var pendingInputs: [GuardInput] = []
    var feeding = false
    let started = ContinuousClock.now

    /// Connects to sway at `socketPath` (`$SWAYSOCK`) twice (requests, events) and to the session bus.
    public init(configuration: GuardConfiguration, socketPath: String) throws {
        self.configuration = configuration
        loop = try EventLoop()
        commands = try SwayIPC(socketPath: socketPath)
        events = try SwayIPC(socketPath: socketPath)
        bus = try Connection.session(loop: loop)
        try bus.requestName(X11Guard.busName)
        GuardStatus.export(on: bus, desktop: .sway)
        agent = GuardAgentLink(connection: bus)
        policyLoader = PolicyLoader(
            userDirectory: configuration.policy.configDirectory, adminPolicyPath: configuration.policy.adminPolicyPath)
    }

    /// Follows sway's windows and covers what must be covered until SIGTERM or SIGINT, or until sway goes.
    public func run() {
        do {
            try events.subscribe(["window", "workspace"])
        } catch {
            log("cannot follow sway's windows: \(error)")
            return
        }
        _ = loop.watch(fd: events.fileDescriptor, readable: true, writable: false) { [unowned self] _ in swayEvents() }
        loop.onSignal(SIGHUP) { [unowned self] in reloadPolicy() }
        loop.onSignal(SIGCHLD) { [unowned self] in reapLockWindows() }
        loop.onSignal(SIGTERM) { [unowned self] in shutDown() }
        loop.onSignal(SIGINT) { [unowned self] in shutDown() }
        bus.onDisconnected = { [unowned self] in
            log("the session bus went away; hidden windows stay in the scratchpad until a new guard takes over")
            loop.stop()
        }
        reloadPolicy()
        agent.watchAgent { [unowned self] present in feed(.agentPresence(present)) }
        refreshTree()
        loop.run()
    }

    // MARK: Feeding the core

    func now() -> Duration { ContinuousClock.now - started }

    /// Hands `input` to the core and carries out its actions; inputs that arrive meanwhile are handled in order.
    func feed(_ input: GuardInput) {
        pendingInputs.append(input)
        guard !feeding else { return }
        feeding = true
        while !pendingInputs.isEmpty {
            let next = pendingInputs.removeFirst()
            let actions = core.handle(next, now: now())
            if configuration.verbose, !actions.isEmpty { log("\(next) -> \(actions)") }
            for action in actions { execute(action) }
        }
        feeding = false
    }

    func reloadPolicy() {
        let (policies, problems) = policyLoader.load()
        for problem in problems { log(problem) }
        let guarded = policies.guardedApps
        entries = Dictionary(uniqueKeysWithValues: guarded.map {
            ($0, DesktopEntry.find($0, dataDirectories: configuration.dataDirectories))
        })
        feed(.guardedAppsChanged(guarded))
        for id in windows.keys.sorted() { resolve(id) }
    }

    func reapLockWindows() {
        for (app, process) in lockWindows {
            guard process.exitStatus() != nil else { continue }
            lockWindows[app] = nil
            lockWindowContainers = lockWindowContainers.filter { $0.value != app }
            feed(.lockWindowExited(app))
        }
    }

    /// SIGTERM: an orderly stop brings hidden windows back only for apps the agent says are unlocked; a locked
    /// app's windows stay in the scratchpad (a crash leaves them there too), for the next guard to take over.
    func shutDown() {
        lockWindows.removeAll()
        loop.stop()
    }

    func log(_ line: String) {
        _ = "applock-guard: \(line)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// Runs a sway command; a refusal is logged (the window may have gone meanwhile).
    func sway(_ command: String) {
        do {
            try commands.command(command)
        } catch {
            log("\(error)")
        }
    }
}

@available(*, unavailable) extension SwayGuard: Sendable {}
