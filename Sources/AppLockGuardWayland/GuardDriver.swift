import AppLockAgent
import AppLockCore
import AppLockGuard
import AppLockGuardX11
import DBusKit
import Glibc

/// What the compositor-backed guards (sway, KWin, GNOME) share: the event loop and the session bus with the
/// guard's name and status, the pure `GuardCore` and its feed loop, the guarded apps' policy and desktop files, and
/// the actions that go to the agent or the clock. Everything else a backend does on its desktop
/// (`performOnDesktop`). One thread, the loop's.
final class GuardDriver {
    let configuration: GuardConfiguration
    let loop: EventLoop
    let bus: Connection
    let agent: GuardAgentLink
    private(set) var core = GuardCore()
    private(set) var entries: [AppID: DesktopEntry] = [:]
    /// Carries out the actions that are the desktop's (hide, bring back, the lock window, the keyboard).
    var performOnDesktop: (GuardAction) -> Void = { _ in }
    private var policyLoader: PolicyLoader
    private var timer: TimerHandle?
    private var pendingInputs: [GuardInput] = []
    private var feeding = false
    private var reportedMissingLockWindow = false
    private let started = ContinuousClock.now

    /// Opens the loop and the session bus, takes the guard's bus name and exports its status for `desktop`.
    init(configuration: GuardConfiguration, desktop: GuardDesktop) throws {
        self.configuration = configuration
        loop = try EventLoop()
        bus = try Connection.session(loop: loop)
        try bus.requestName(X11Guard.busName)
        GuardStatus.export(on: bus, desktop: desktop)
        agent = GuardAgentLink(connection: bus)
        policyLoader = PolicyLoader(
            userDirectory: configuration.policy.configDirectory, adminPolicyPath: configuration.policy.adminPolicyPath)
    }

    /// Reads the policy and starts following the agent.
    func start() {
        reloadPolicy()
        agent.watchAgent { [unowned self] present in feed(.agentPresence(present)) }
    }

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

    /// Re-reads the policy (start, SIGHUP) and the guarded apps' desktop files.
    func reloadPolicy() {
        let (policies, problems) = policyLoader.load()
        for problem in problems { log(problem) }
        let guarded = policies.guardedApps
        entries = Dictionary(uniqueKeysWithValues: guarded.map {
            ($0, DesktopEntry.find($0, dataDirectories: configuration.dataDirectories))
        })
        feed(.guardedAppsChanged(policies.guardedAppRules))
    }

    /// Which guarded app a window belongs to, by the rules the X11 guard follows: its process's launcher scope
    /// and `GIO_LAUNCHED_DESKTOP_FILE`, then each name the compositor gives it (a desktop-file id, an app id, a
    /// class) as an id or against `StartupWMClass`, then the processes it descends from (`appsByPID`).
    func guardedApp(pid: Int32?, names: [String], appsByPID: [Int32: AppID]) -> AppID? {
        let guarded = core.guardedApps
        var app: AppID?
        func consider(_ candidate: AppID?) {
            if app == nil, let candidate, guarded.contains(candidate) { app = candidate }
        }
        if let pid { consider(ProcessFacts.launchedApp(of: pid)) }
        let candidates = entries.values.sorted { $0.app < $1.app }.map { (app: $0.app, startupWMClass: $0.startupWMClass) }
        for name in names where !name.isEmpty {
            consider(try? AppID(name))
            consider(AppIdentity.fromWindowClass(instance: name, className: name, candidates: candidates))
        }
        if app == nil, let pid {
            for ancestor in ProcessFacts.lineage(of: pid).dropFirst() { consider(appsByPID[ancestor]) }
        }
        return app
    }

    /// Starts `applock-lock-window lock --app-id APP` as a toplevel; says once when there is none to start.
    func startLockWindow(for app: AppID) -> LockWindowProcess? {
        guard let path = configuration.lockWindowPath, access(path, X_OK) == 0 else {
            if !reportedMissingLockWindow {
                log("no lock window at \(configuration.lockWindowPath ?? "(unknown)"); locked apps stay hidden, "
                    + "unlock them with applockctl unlock")
                reportedMissingLockWindow = true
            }
            return nil
        }
        do {
            return try LockWindowProcess(executable: path, lockingToplevelOf: app)
        } catch {
            log("cannot start the lock window for \(app): \(error)")
            return nil
        }
    }

    func log(_ line: String) {
        _ = "applock-guard: \(line)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    private func execute(_ action: GuardAction) {
        switch action {
        case .register(let app):
            agent.register(app, registered: { [unowned self] ok, problem in
                if let problem { log("cannot register \(app): \(problem)") }
                feed(.registrationAnswered(app, registered: ok))
            }, state: { [unowned self] state in
                feed(.appStateChanged(app, state))
            })
        case .unregister(let app):
            agent.unregister(app)
        case .reportActivity(let app, let activity):
            agent.reportActivity(app, activity)
        case .armTimer(let deadline):
            if let timer { loop.cancel(timer) }
            timer = nil
            if let deadline {
                timer = loop.schedule(at: .after(max(.zero, deadline - now()))) { [unowned self] in
                    timer = nil
                    feed(.timerFired)
                }
            }
        default:
            performOnDesktop(action)
        }
    }
}

@available(*, unavailable) extension GuardDriver: Sendable {}
