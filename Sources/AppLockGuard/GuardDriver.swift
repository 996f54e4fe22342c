import AppLockClient
public import AppLockCore
public import AppLockDesktop
public import AppLockGuardCore
import AppLockPolicyStore
public import AppLockProtocol
public import DBusKit
import Glibc
public import SystemKit
import Translation

/// What every desktop's guard shares (X11, sway, KWin, GNOME): the event loop and the session bus with the guard's
/// name and status, the agent link, the guarded apps' policy files (read again when the agent says `PolicyReloaded`,
/// and on SIGHUP) and desktop files, and the lock-window processes. It decides nothing: it feeds the guard's one pure
/// machine (``GuardMachine``: windows, covers, the agent's states, the lock window; held rules and their memory on
/// disk, lock windows started ahead, what the log and the one notification of each episode without protection say)
/// one input at a time, and carries out the one list of actions it returns. Everything a desktop does with its
/// windows is its ``GuardBackend``'s. One thread, the loop's.
public final class GuardDriver {
    public let configuration: GuardConfiguration
    public let loop: EventLoop
    public let bus: Connection
    /// The connection to the agent, on the guard's loop, and the link that registers and follows the apps.
    private let agent: AppLockConnection
    private var link: AppLockRegistrar?
    private let status: GuardStatus
    /// The status item in the panel's tray, with its menu.
    private let statusItem: StatusNotifierItem
    /// When the driver looks again for the machine's keeper (``GuardKeeperAction/wakeAt(_:)``).
    private var wakeTimer: TimerHandle?
    /// Every decision of the guard.
    private var machine: GuardMachine
    /// The machine's windows, covers, agent's states and lock window, as the backends read them.
    public var core: GuardCore { machine.core }
    /// What the guard read from its guarded apps' desktop files and icons.
    private var appFiles = GuardedAppFiles()
    /// The guarded apps' desktop files; an app without one has a bare entry named after its id.
    public var entries: [AppID: DesktopEntry] { appFiles.entries }
    /// The guarded apps' icons as PNG files, for covers drawn without an icon theme.
    public var iconFiles: [AppID: String] { appFiles.iconFiles }
    /// The lock window running for each app.
    public private(set) var lockWindows: [AppID: LockWindowProcess] = [:]
    /// Lock windows started ahead, hidden, for the machine's ``GuardCore/lockWindowsAhead``: shown by
    /// ``startLockWindow(for:inside:)`` in the time of a frame rather than of GTK's start.
    private var lockWindowsAhead: [AppID: LockWindowProcess] = [:]
    /// What a lock window that is not inside a cover is: the backend's choice (the wlroots one may put it on the
    /// overlay layer).
    public var lockWindowSurface = LockWindowSurface.toplevel
    private weak var backend: (any GuardBackend)?
    /// The guard reads which apps are guarded from the policy files itself, through the one loader every reader
    /// uses (``PolicyLoader``), rather than following the agent's `Policy` properties, for two reasons: the agent
    /// publishes a `Policy` only on the Application objects of apps it knows (registered, or with a passcode), and
    /// the guard is the one that registers the guarded apps, so it must know them first; and a guard that learnt its
    /// apps from the agent would guard nothing when it starts while the agent is down (it treats the agent's absence
    /// as locked, which covers only the apps it knows), failing open. It reads again whenever the agent has
    /// (`PolicyReloaded`).
    private var policyLoader: PolicyLoader
    private var policyReloads: MatchToken?
    private var timer: TimerHandle?
    private var observations: [AppLockObservation] = []
    private var pendingInputs: [GuardMachine.Input] = []
    private var feeding = false
    private let started = ContinuousClock.now

    /// Opens the loop and the session bus, takes the guard's bus name, exports its status for `desktop` and connects
    /// to the agent through the client.
    public init(configuration: GuardConfiguration, desktop: GuardDesktop) throws {
        self.configuration = configuration
        loop = try EventLoop()
        bus = try Connection.session(loop: loop)
        status = try GuardStatus(on: bus, desktop: desktop)
        statusItem = StatusNotifierItem(on: bus, readiness: status.readiness)
        agent = try AppLockConnection(loop: loop, timeout: .seconds(10))
        policyLoader = PolicyLoader(files: configuration.policy)
        machine = GuardMachine(desktop: desktop, lockWindowScale: configuration.lockWindowScale)
    }

    /// The desktop's text scaling, which the lock window follows (X11: XSETTINGS' DPI), as it is now: the lock window
    /// needs that much more room again than at the configured scale.
    public func lockWindowTextScaling(_ factor: Double) {
        let scale = configuration.lockWindowScale * max(factor, 1)
        guard scale != machine.core.lockWindowScale else { return }
        log("the lock window's text scaling is \(max(factor, 1))")
        feed(.lockWindowScaleChanged(scale))
    }

    /// Reads the policy, follows the agent, has `backend` follow the desktop's windows, then runs until SIGTERM or
    /// SIGINT, or until the session bus goes away.
    public func run(_ backend: some GuardBackend) throws {
        self.backend = backend
        loop.onSignal(SIGHUP) { [unowned self] in reloadPolicy() }
        loop.onSignal(SIGCHLD) { [unowned self] in reapLockWindows() }
        loop.onSignal(SIGTERM) { [unowned self] in shutDown() }
        loop.onSignal(SIGINT) { [unowned self] in shutDown() }
        bus.onDisconnected = { [unowned self] in busWentAway() }
        let lost = LoopBound({ [unowned self] in busWentAway() }, loop: loop)
        observations.append(agent.observeDisconnection { lost.value() })
        readRememberedHeldChanges()
        perform(.readiness(status.readiness))
        reloadPolicy()
        let reported = LoopBound({ [unowned self] (event: AppLockRegistrarEvent) in linkReported(event) }, loop: loop)
        link = AppLockRegistrar(connection: agent) { event in reported.value(event) }
        policyReloads = bus.addMatch(MatchRule(
            sender: AppLockBusNames.busName, path: AppLockBusNames.managerObjectPath,
            interface: AppLockBusNames.managerInterface, member: ManagerSignal.policyReloaded.name
        )) { [unowned self] _ in reloadPolicy() }
        statusItem.start(log: { [unowned self] in log($0) }, chosen: { [unowned self] in carryOut($0) })
        try backend.startFollowingWindows()
        loop.run()
    }

    /// The guard's monotonic time, as its cores take it.
    public func now() -> Duration { ContinuousClock.now - started }

    /// Hands what the desktop or the agent said to the machine and carries out its actions.
    public func feed(_ input: GuardInput) { handle(.desktop(input)) }

    /// Hands `input` to the machine and carries out its actions; inputs that arrive meanwhile (answers to actions)
    /// are queued and handled in order. Once they are all handled, the machine hears once which lock-window
    /// processes run (it keeps one ready ahead for each app its core wants; they start after the covers, which the
    /// backend has sent by then).
    private func handle(_ input: GuardMachine.Input) {
        pendingInputs.append(input)
        guard !feeding else { return }
        feeding = true
        var processesTold = false
        while !pendingInputs.isEmpty || !processesTold {
            if pendingInputs.isEmpty {
                processesTold = true
                pendingInputs.append(.lockWindowProcesses(
                    running: Set(lockWindowsAhead.keys), shown: Set(lockWindows.keys)))
            }
            let next = pendingInputs.removeFirst()
            let actions = machine.handle(next, now: now())
            // What the desktop and the agent said, and what came of it (the upkeep's own lines are logged as it
            // says them).
            if configuration.verbose, case .desktop(let input) = next, !actions.isEmpty { log("\(input) -> \(actions)") }
            for action in actions { execute(action) }
            backend?.actionsPerformed()
        }
        feeding = false
        noteMatchedWindows()
        showStatusItem()
        backend?.feedingFinished()
    }

    /// Publishes the windows found to be guarded apps' and logs each change, so that a user can tell which windows the
    /// guard covers for an app.
    private func noteMatchedWindows() {
        let before = Dictionary(uniqueKeysWithValues: status.windows.map { ($0.window, $0.app) })
        guard status.update(core.matchedWindows) else { return }
        let now = Dictionary(uniqueKeysWithValues: status.windows.map { ($0.window, $0.app) })
        for (window, app) in now.sorted(by: { $0.key < $1.key }) where before[window] != app {
            log("window \(window) is \(app)'s")
        }
        for window in before.keys.sorted() where now[window] == nil { log("window \(window) is no longer \(before[window]!)'s") }
    }

    /// Re-reads the policy (start, `PolicyReloaded`, SIGHUP) and the guarded apps' desktop files. A broken file keeps
    /// its last good version, as in the agent.
    private func reloadPolicy() {
        let loaded = policyLoader.load()
        for problem in loaded.allProblems { log("\(problem); its last good version stays") }
        perform(.policyRead(loaded.policies))
        readLockAllShortcut()
    }

    /// The shortcut that locks every protected app: `[Shortcuts] LockAll` in the user's `applock.conf`, Super+Alt+L
    /// when it is not set, none when it is empty (the driver's core gives it to the backend when it changes). A file
    /// that does not read leaves it as it is.
    private func readLockAllShortcut() {
        let file: KeyFile?
        do {
            file = try configuration.policy.keyFile(.allApps)
        } catch {
            return
        }
        perform(.lockAllShortcutRead(Result { () throws(KeyboardShortcutError) in
            try KeyboardShortcut.configured(KeyboardShortcut.lockAllKey, in: file, default: .lockAllDefault)
        }))
    }

    /// The backend bound `shortcut` itself (nil: none), or tried to and could not (`problem`): published on the bus
    /// (``GuardProperty/lockAllShortcut``), where AppLock Settings reads it.
    public func lockAllShortcutBound(_ shortcut: KeyboardShortcut?, problem: ShortcutProblem?) {
        status.update(lockAllShortcut: shortcut?.description, problem: problem)
    }

    /// `text`, marked with `N_`, in the user's language: for the words a backend draws itself (the X11 cover's).
    public func inUsersLanguage(_ text: String) -> String { translated(text) }

    /// The user pressed the shortcut that locks every protected app: the agent is asked to (`LockAll`).
    public func lockAllByShortcut() {
        log("the shortcut that locks every app was pressed: locking every protected app")
        let answered = LoopBound({ [unowned self] (result: Result<Void, AppLockError>) in
            if case .failure(let error) = result { log("cannot lock every app: \(error)") }
        }, loop: loop)
        agent.perform(.lockAll) { answered.value($0) }
    }

    /// Hands what the driver read, asked or found to the machine and carries out its actions.
    private func perform(_ event: GuardKeeperEvent) { handle(.upkeep(event)) }

    private func execute(_ action: GuardMachine.Action) {
        switch action {
        case .desktop(let action):
            execute(action)
        case .upkeep(let action):
            execute(action)
        case .readAppFiles(let apps):
            // The guarded apps: the policy's, and the locked ones the core keeps guarded until they are unlocked.
            appFiles = GuardedAppFiles.read(apps, in: configuration.dataDirectories)
        }
    }

    private func execute(_ action: GuardKeeperAction) {
        switch action {
        case .askHeldChanges(let generation):
            let answer = LoopBound({ [unowned self] (result: Result<[AppID: [String]], AppLockError>) in
                perform(.heldChanges(generation: generation, try? result.get()))
            }, loop: loop)
            agent.perform(.heldPolicyChanges) { answer.value($0) }
        case .askHeldPolicy(let app, let generation):
            let answer = LoopBound({ [unowned self] (result: Result<AppProperties, AppLockError>) in
                perform(.heldPolicy(app, generation: generation, (try? result.get()).map { HeldPolicy(agentPolicy: $0.policy) }))
            }, loop: loop)
            agent.perform(.properties(of: app)) { answer.value($0) }
        case .guardedAppsReloaded:
            backend?.guardedAppsReloaded()
        case .remember(let memory):
            remember(memory)
        case .log(let line):
            log(line)
        case .wakeAt(let deadline):
            if let wakeTimer { loop.cancel(wakeTimer) }
            wakeTimer = deadline.map {
                loop.schedule(at: .after(max(.zero, $0 - now()))) { [unowned self] in
                    wakeTimer = nil
                    perform(.woke)
                }
            }
        case .notifyUnprotected(let apps, let readiness):
            log("telling the user that \(UnprotectedNotification.names(apps, entries: entries)) cannot be hidden")
            UnprotectedNotification.send(on: bus, apps: apps, entries: entries, readiness: readiness) {
                [unowned self] problem in log(problem)
            }
        case .startLockWindowAhead(let app):
            guard let path = lockWindowExecutable() else { return }
            do {
                lockWindowsAhead[app] = try LockWindowProcess(
                    executable: path, aheadFor: app, inCover: machine.lockWindowsAheadGoInCovers, surface: lockWindowSurface)
            } catch {
                log("cannot start the lock window of \(app) ahead: \(error)")
            }
        case .endLockWindowAhead(let app):
            lockWindowsAhead[app] = nil
        case .bindLockAllShortcut(let shortcut):
            backend?.bindLockAllShortcut(shortcut)
        }
    }

    /// The guarded apps whose notifications must show no content now: `HideNotifications` says so and the app is not
    /// known to be unlocked (``GuardCore/appsWithPrivateNotifications(among:)``).
    public var appsHidingNotifications: Set<AppID> {
        machine.appsHidingNotifications
    }

    private var rememberedPath: String? { configuration.stateDirectory.map { $0 + "/guard-held" } }

    /// Reads the held changes the guard last learnt from the agent (at start, before the agent can be asked).
    private func readRememberedHeldChanges() {
        guard let path = rememberedPath else { return }
        do {
            perform(.memoryRead(try TextFiles.read(path).map(RememberedHeldChanges.decode) ?? RememberedHeldChanges()))
        } catch {
            perform(.memoryUnreadable("\(path): \(error)"))
        }
    }

    /// Writes the held changes the agent gave, for a guard that starts while the agent is down.
    private func remember(_ memory: RememberedHeldChanges) {
        guard let directory = configuration.stateDirectory, let path = rememberedPath else { return }
        do {
            if memory.isEmpty {
                try TextFiles.remove(path)
            } else {
                try TextFiles.makeDirectories(directory)
                try TextFiles.writeAtomically(memory.encoded(), to: path)
            }
            perform(.memoryWritten(memory))
        } catch {
            log("cannot remember the held changes in \(path): \(error)")
        }
    }

    /// Whether the guard can hide guarded apps now, as the backend finds it: published on the bus, and said in the
    /// log and told to the user as the machine decides.
    public var readiness: GuardReadiness { status.readiness }

    /// The backend's finding: the desktop's side answers (or no longer does, and why).
    public func report(_ readiness: GuardReadiness) {
        status.update(readiness)
        perform(.readiness(readiness))
        showStatusItem()
    }

    /// Tells the status item the readiness and each guarded app with its name and the agent's last word on it.
    private func showStatusItem() {
        statusItem.show(readiness: status.readiness, apps: core.guardedApps.map {
            StatusItemState.App(app: $0, name: entries[$0]?.name ?? $0.rawValue, state: core.state(of: $0))
        })
    }

    /// Carries out what the user chose from the status item's menu.
    private func carryOut(_ command: StatusItemState.Command) {
        let failed = LoopBound({ [unowned self] (problem: String) in log(problem) }, loop: loop)
        switch command {
        case .lockAll:
            log("locking every app, as chosen from the status item")
            agent.perform(.lockAll) { if case .failure(let error) = $0 { failed.value("cannot lock every app: \(error)") } }
        case .lock(let app):
            log("locking \(app), as chosen from the status item")
            agent.perform(.lock(app)) { if case .failure(let error) = $0 { failed.value("cannot lock \(app): \(error)") } }
        case .reach(let app):
            feed(.appChosen(app))
        case .openSettings:
            do {
                log("started \(try SettingsLauncher.launch()), as chosen from the status item")
            } catch {
                log("cannot start AppLock Settings: \(error)")
            }
        }
    }

    /// Which guarded app a window belongs to (``WindowApp/resolve(_:guarded:appsByPID:ancestors:)``): first the
    /// app its process's launcher named, then the backend's `clues` in order, then the processes it descends from
    /// (`appsByPID`: the process of each window already resolved).
    public func guardedApp(pid: Int32?, clues: [WindowClue], appsByPID: [Int32: AppID]) -> AppID? {
        let launched = pid.flatMap(ProcessFacts.launchedApp(of:)).map { [WindowClue.launchedApp($0)] } ?? []
        let guarded = core.guardedApps.sorted().map { app in
            GuardedApp(app: app, startupWMClass: entries[app]?.startupWMClass,
                       program: appFiles.programs[app])
        }
        return WindowApp.resolve(launched + clues, guarded: guarded, appsByPID: appsByPID) {
            pid.map(ProcessFiles.ancestors(of:)) ?? []
        }
    }

    /// Shows the lock window of `app`, inside the X11 window `parent` when given, else as a toplevel the compositor
    /// places: the one started ahead when there is one, else `applock-lock-window lock --app-id APP` started now;
    /// says once when there is none to start. The driver keeps it until `hideLockWindow`, its end, or the guard's.
    @discardableResult
    public func startLockWindow(for app: AppID, inside parent: UInt32? = nil) -> LockWindowProcess? {
        if let ahead = lockWindowsAhead.removeValue(forKey: app), ahead.show(inside: parent) {
            lockWindows[app] = ahead
            return ahead
        }
        guard let path = lockWindowExecutable() else { return nil }
        do {
            let process = try parent.map { try LockWindowProcess(executable: path, app: app, parent: $0) }
                ?? LockWindowProcess(executable: path, lockingToplevelOf: app, surface: lockWindowSurface)
            lockWindows[app] = process
            return process
        } catch {
            log("cannot start the lock window for \(app): \(error)")
            return nil
        }
    }

    /// The lock window's executable; nil (said once) when there is none.
    private func lockWindowExecutable() -> String? {
        guard let path = configuration.lockWindowPath, SmallFiles.isExecutable(path) else {
            perform(.lockWindowMissing(configuration.lockWindowPath))
            return nil
        }
        return path
    }

    public func log(_ line: String) {
        _ = "applock-guard: \(line)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    private func execute(_ action: GuardAction) {
        switch action {
        case .agent(.register(let app)):
            link?.register(app)
        case .agent(.unregister(let app)):
            link?.unregister(app)
        case .agent(.reportActivity(let app, let activity)):
            // Failures are the agent's to log.
            agent.perform(.reportActivity(app, activity)) { _ in }
        case .armTimer(let deadline):
            if let timer { loop.cancel(timer) }
            timer = nil
            if let deadline {
                timer = loop.schedule(at: .after(max(.zero, deadline - now()))) { [unowned self] in
                    timer = nil
                    feed(.timerFired)
                }
            }
        case .desktop(let desktopAction):
            if case .hideLockWindow(let app) = desktopAction { lockWindows[app] = nil }
            backend?.execute(desktopAction)
        }
    }

    /// What the agent link learnt: the agent's presence, registrations answered, the apps' states.
    private func linkReported(_ event: AppLockRegistrarEvent) {
        switch event {
        case .agentPresence(let present):
            feed(.agentPresence(present))
        case .registration(let app, .success(let properties)):
            feed(.registrationAnswered(app, registered: true))
            feed(.appStateChanged(app, properties.state))
        case .registration(let app, .failure(let error)):
            log("cannot register \(app): \(error)")
            feed(.registrationAnswered(app, registered: false))
        case .properties(let app, .success(let properties)):
            feed(.appStateChanged(app, properties.state))
        case .properties(_, .failure):
            break
        }
    }

    private func reapLockWindows() {
        for (app, process) in lockWindows {
            guard process.exitStatus() != nil else { continue }
            lockWindows[app] = nil
            backend?.lockWindowEnded(app)
            feed(.lockWindowExited(app))
        }
        for (app, process) in lockWindowsAhead where process.exitStatus() != nil {
            lockWindowsAhead[app] = nil
            feed(.lockWindowExited(app))
        }
    }

    /// SIGTERM or SIGINT: the lock windows end, the backend takes down what an orderly stop should.
    private func shutDown() {
        lockWindows.removeAll()
        lockWindowsAhead.removeAll()
        backend?.shutDown()
        loop.stop()
    }

    private func busWentAway() {
        if let note = backend?.leftBehindWhenTheBusGoes { log("the session bus went away; \(note)") }
        loop.stop()
    }
}

@available(*, unavailable) extension GuardDriver: Sendable {}
