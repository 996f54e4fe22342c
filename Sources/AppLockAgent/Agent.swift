import AppLockAgentCore
import AppLockCore
import AppLockPolicyStore
import AppLockProtocol
import DBusKit
import Glibc
public import Logging
import SodiumHasher
import SystemKit

/// The AppLock agent: serves `io.github.applock.AppLock1` on the session bus,
/// turns session signals, app calls, the keyring's answers and the policy files into inputs of the pure
/// `AgentStateMachine` (which owns the `PasscodeCustody`), and carries out the actions it returns
/// (``perform(_:source:)``); it decides nothing itself.
///
/// Everything here runs on one event-loop thread. Slow work (Argon2id,
/// Secret Service calls) runs on a bounded worker queue and posts its result
/// back to the loop.
public final class Agent {
    let configuration: AgentConfiguration
    let logger: Logger
    let loop: EventLoop
    var bus: Connection!
    var machine: AgentStateMachine
    var policyLoader: PolicyLoader
    /// The ledger, the passcode records, the missed attempts and the authenticated policies on disk.
    let stateFiles: AgentStateFiles
    /// The kinds of notification whose failure was logged (each is logged once).
    var notificationFailuresLogged: Set<String> = []
    /// The policy files as last read, before any weakening is held.
    var filePolicies: PolicySet
    /// The sealing keys derived in this run, in guarded memory; never on disk.
    var sealingKeys = SealingKeyRing()
    let passcodes: PasscodeWorker
    var publisher: ApplicationPublisher!
    /// logind, the screensavers and PipeWire, once watched.
    var watchers = SessionWatchers()
    /// The timers armed on the loop.
    var timers = AgentTimers()
    var exitStatus: Int32 = 0
    /// The passcode calls in hand: their queues, their admissions and the refusals.
    var passcodeCalls = PasscodeCalls()
    /// Which apps are known to have (or not have) a stored passcode; incomplete when listing the store failed.
    var inventory = StoreInventory()
    /// The last state changes, for `GetRecentEvents`.
    var recentEvents = RecentEvents()
    /// polkit on the system bus, for UnlockWithSystemAuthentication and ResetPasscode.
    lazy var polkit = PolkitAuthority(
        loop: loop, address: configuration.polkitBusAddress, logger: logger,
        reachTimeout: configuration.polkitTimeout, answerTimeout: configuration.systemAuthenticationTimeout)
    var pendingSystemAuthentications = PendingSystemAuthentications()

    /// Prepares the agent; `run()` connects and serves.
    public init(configuration: AgentConfiguration, logger: Logger) throws {
        Self.blockHandledSignals()
        self.configuration = configuration
        self.logger = logger
        self.loop = try EventLoop()
        self.policyLoader = PolicyLoader(files: configuration.policyFiles)
        self.stateFiles = try AgentStateFiles(directory: configuration.stateDirectory)
        self.passcodes = try PasscodeWorker(
            store: HelperProcessPasscodeStore(timeout: configuration.storeTimeout),
            hasher: Argon2idHasher(),
            workers: configuration.hashingWorkers
        )
        let loaded = policyLoader.load()
        self.filePolicies = loaded.policies
        self.machine = AgentStateMachine(policies: loaded.policies)
        for problem in loaded.allProblems {
            logger.error("policy file ignored", metadata: ["problem": "\(problem)"])
        }
    }

    /// Connects, exports the objects, claims the bus name last, and serves
    /// until SIGTERM/SIGINT or until the name is lost. Returns the exit status.
    public func run() throws -> Int32 {
        bus = try configuration.sessionBusAddress.map { try Connection.address($0, loop: loop) }
            ?? Connection.session(loop: loop)
        bus.readAheadLimit = Self.readAheadLimit
        bus.onDisconnected = { [unowned self] in
            logger.critical("the session bus went away; exiting")
            exitStatus = 1
            loop.stop()
        }
        publisher = ApplicationPublisher(bus: bus)

        restoreLedger()
        restoreMissedAttempts()
        restorePasscodeRecords()
        loadStoredPasscodes()
        applyPolicy(source: "policy")
        exportManager()
        bus.onPeerDisconnected { [unowned self] uniqueName in
            perform(machine.peerLeft(uniqueName, now: now()))
        }
        watchers.screenSavers = ScreenSaverWatcher(bus: bus, logger: logger) { [unowned self] event, source in
            perform(machine.session(event, now: now(), source: source), source: source)
        }
        watchers.pipeWire = PipeWireWatcher(loop: loop, logger: logger) { [unowned self] sharing in
            do {
                perform(try machine.screenShare(sharing, reporter: "pipewire", source: "pipewire", now: now()),
                        source: "pipewire")
            } catch {
                logger.error("screen-share report from PipeWire refused: \(error)")
            }
        }
        if configuration.watchLogind {
            watchers.logind = LogindWatcher(
                loop: loop, address: configuration.systemBusAddress, logger: logger
            ) { [unowned self] event in
                perform(machine.session(event, now: now(), source: "logind"), source: "logind")
            }
            watchers.logind?.start()
        }
        loop.onSignal(SIGHUP) { [unowned self] in reloadPolicy() }
        loop.onSignal(SIGTERM) { [unowned self] in loop.stop() }
        loop.onSignal(SIGINT) { [unowned self] in loop.stop() }

        do {
            try bus.requestName(AppLockBusNames.busName)
        } catch {
            logger.critical("cannot own \(AppLockBusNames.busName): \(error); is another applockd running?")
            return 1
        }
        bus.onNameLost = { [unowned self] in
            logger.critical("lost the bus name \(AppLockBusNames.busName) to another process; exiting")
            exitStatus = 1
            loop.stop()
        }
        logger.info("serving \(AppLockBusNames.busName)", metadata: ["version": "\(configuration.version)"])
        loop.run()
        bus.flush()
        // The current ledger, not only what is pending: a save that failed earlier gets its last chance here.
        if let error = stateFiles.ledgerWriter.writeNow(machine.lockoutLedger) {
            logger.critical("cannot save the lock-out ledger at exit; failed attempts and lock-outs since the last save are lost",
                            metadata: ["error": "\(error)"])
        }
        if let error = stateFiles.recordWriter.writeNow(machine.custody.records) {
            logger.critical("cannot save the passcode records at exit", metadata: ["error": "\(error)"])
        }
        if let error = stateFiles.missedAttemptWriter.writeNow(machine.missedAttempts) {
            logger.critical("cannot save the record of missed attempts at exit", metadata: ["error": "\(error)"])
        }
        logger.info("stopped")
        return exitStatus
    }

    /// Incoming calls the agent reads ahead of answering: a flood of calls waits in dbus-daemon, not in the agent's
    /// heap (with libdbus's default of 63 MiB, 20,000 pipelined calls left the heap ~10 MiB larger for good).
    static let readAheadLimit = 256 * 1024

    /// Blocks SIGHUP, SIGTERM and SIGINT before any thread starts, so every
    /// thread (the workers, GLib's) inherits the mask and the signals reach the
    /// loop's signalfd instead of killing the process.
    private static func blockHandledSignals() {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in [SIGHUP, SIGTERM, SIGINT] { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

    /// The core's two clocks now: the wall clock (lock-out ends) and boot time (grace periods, idle limits).
    func now() -> AgentTime {
        AgentTime(wall: EventLoop.wallClockMicroseconds(), boot: EventLoop.bootTimeNanoseconds() / 1000)
    }

    // MARK: - Carrying out the core's actions

    /// Carries out what the core decided. `source` names what caused it, for the log.
    ///
    /// The hot path comes first: every app's `StateChanged` leaves, in the core's order, before anything else of
    /// the batch is sent or written (the session's own signals, `PropertiesChanged`, timers, the ledger, log
    /// lines), so that on a session lock the apps hear of it as early as the bus allows. The rest follows in the
    /// core's order; the `PropertiesChanged` that echo the states, the `Applications` invalidation (once per batch)
    /// and the log lines of the changes come last.
    func perform(_ actions: [AgentAction], source: String = "") {
        guard !actions.isEmpty else { return }
        var changes: [(AppID, AppState, LockReason, String)] = []
        for case .stateChanged(let app, let state, let reason, let actionSource) in actions {
            publisher.stateChanged(app, state: state, reason: reason)
            changes.append((app, state, reason, actionSource.isEmpty ? source : actionSource))
        }
        if !changes.isEmpty { bus.flush() }
        let time = now()
        for (app, state, reason, _) in changes {
            recentEvents.append(RecentEvent(app: app, state: state, reason: reason, time: time.wall))
        }
        var applicationsChanged = false
        func sendFollowUps() {
            var announced = Set<AppID>()
            for (app, _, _, _) in changes where announced.insert(app).inserted { publisher.statePropertiesChanged(app) }
            if applicationsChanged { publisher.applicationsChanged() }
            bus.flush()
            logChanges(changes)
            changes = []
            applicationsChanged = false
        }
        for action in actions {
            switch action {
            case .stateChanged:
                continue
            case .propertiesChanged(let app):
                if let snapshot = machine.snapshot(of: app) { publisher.refresh(snapshot) }
            case .appAdded(let app):
                if let snapshot = machine.snapshot(of: app) { publisher.add(snapshot) }
                applicationsChanged = true
            case .appRemoved(let app):
                publisher.remove(app)
                applicationsChanged = true
            case .sessionStateChanged(let state):
                publisher.sessionStateChanged(state)
                logger.info("session state \(state.rawValue)", metadata: ["source": "\(source)"])
            case .sharedPasscodeChanged:
                publisher.sharedPasscodeKindChanged(machine.sharedPasscodeKind?.rawValue ?? "")
            case .screenSharedChanged(let shared):
                publisher.screenSharedChanged(shared)
                logger.info(shared ? "the screen is shared or recorded" : "screen sharing ended",
                            metadata: ["source": "\(source)"])
            case .rescheduleTimer(let deadline):
                reschedule(deadline)
            case .rescheduleLockoutTimer(let end):
                rescheduleLockoutTimer(end)
            case .persistLedger:
                saveLedger()
            case .persistMissedAttempts:
                saveMissedAttempts()
            case .missedAttemptsReported(let app, let record):
                publisher.missedAttemptsReported(app, record)
                notifyMissedAttempts(app, record)
                logger.notice("\(app) unlocked after \(record.count) failed attempts",
                              metadata: ["app": "\(app)", "failedAttempts": "\(record.count)"])
            case .releaseSleepInhibitor:
                // The apps' signals and their echoes leave before the system may sleep.
                sendFollowUps()
                watchers.logind?.releaseSleepInhibitor()
                logger.info("released the sleep inhibitor")
            case .acquireSleepInhibitor:
                watchers.logind?.acquireSleepInhibitor()
            case .cancelSystemAuthentication(let ticket):
                cancelSystemAuthentication(ticket)
            case .custody(let decided):
                carryOut(decided, source: source)
            }
        }
        sendFollowUps()
    }

    /// One info line per state change, with app, reason and source, written after the signals left.
    private func logChanges(_ changes: [(AppID, AppState, LockReason, String)]) {
        for (app, state, reason, source) in changes {
            logger.info(
                "\(app) \(state.rawValue)",
                metadata: ["app": "\(app)", "state": "\(state.rawValue)", "reason": "\(reason.rawValue)",
                           "source": "\(source.isEmpty ? "agent" : source)"]
            )
        }
    }

    /// Arms the grace/idle timer on `CLOCK_BOOTTIME`: time in suspend counts, a wall-clock change does not.
    private func reschedule(_ deadline: BootMicroseconds?) {
        if let armed = timers.deadline { loop.cancel(armed) }
        timers.deadline = nil
        guard let deadline else { return }
        timers.deadline = loop.schedule(at: .bootTime(nanoseconds: deadline &* 1000)) { [unowned self] in
            timers.deadline = nil
            perform(machine.timerFired(now: now()), source: "timer")
        }
    }

    /// Arms the lock-out timer on the wall clock, where lock-out ends live (they survive a reboot).
    private func rescheduleLockoutTimer(_ end: UnixMicroseconds?) {
        if let armed = timers.lockoutEnd { loop.cancel(armed) }
        timers.lockoutEnd = nil
        guard let end else { return }
        timers.lockoutEnd = loop.schedule(at: .wallClock(unixMicroseconds: end)) { [unowned self] in
            timers.lockoutEnd = nil
            perform(machine.timerFired(now: now()), source: "timer")
        }
    }

    // MARK: - Policy and the ledger

    /// Reads the policy files again (`ReloadPolicy`, SIGHUP) and applies them, holding weakenings; tells the guard
    /// (`PolicyReloaded`). Returns the files that could not be used: each keeps its last good version.
    @discardableResult
    func reloadPolicy(source: String = "policy") -> [PolicyFileProblem] {
        let problems = readPolicyFiles()
        applyPolicy(source: source)
        logger.info("policy reloaded")
        publisher.policyReloaded()
        return problems
    }

    /// Reads the policy files into ``filePolicies`` (each broken file at its last good version) and logs each problem.
    func readPolicyFiles() -> [PolicyFileProblem] {
        let loaded = policyLoader.load()
        for problem in loaded.allProblems {
            logger.error("policy file not applied; the last good policy stays", metadata: ["problem": "\(problem)"])
        }
        filePolicies = loaded.policies
        return loaded.allProblems
    }

    private func restoreLedger() {
        let (ledgerValue, problems) = stateFiles.ledger.load(policyFor: { [machine] in machine.policy(for: $0) })
        for problem in problems {
            logger.error("lock-out ledger damaged; affected apps are treated as at their last attempt",
                         metadata: ["problem": "\(problem)"])
        }
        if let ledgerValue { perform(machine.restoreLedger(ledgerValue)) }
    }

    private func restoreMissedAttempts() {
        let (log, problems) = stateFiles.missedAttemptStore.load()
        for problem in problems {
            logger.error("record of missed attempts damaged; what could be read is kept", metadata: ["problem": "\(problem)"])
        }
        machine.restoreMissedAttempts(log)
    }

    /// Queues a write of the record of missed attempts; a failed write is reported, and the next change writes the
    /// whole record again.
    func saveMissedAttempts() {
        let agent = LoopBound(self, loop: loop)
        stateFiles.missedAttemptWriter.save(machine.missedAttempts) { [loop] error in
            loop.post {
                agent.value.logger.error("cannot save the record of missed attempts; it is kept while the agent runs",
                                         metadata: ["error": "\(error)"])
            }
        }
    }

    /// Queues a write of the ledger; the loop does not wait for the disk. A failed write is reported and
    /// tried again (every 2 s, backing off to 60 s) until it succeeds, and once more at exit.
    func saveLedger() {
        let agent = LoopBound(self, loop: loop)
        stateFiles.ledgerWriter.save(machine.lockoutLedger) { [loop] error in
            loop.post {
                let agent = agent.value
                agent.logger.error(
                    "cannot save the lock-out ledger; retrying in \(agent.timers.ledgerRetryDelay) — lock-outs hold while the agent runs",
                    metadata: ["error": "\(error)"])
                agent.scheduleLedgerRetry()
            }
        }
    }

    private func scheduleLedgerRetry() {
        guard timers.ledgerRetry == nil else { return }
        let deadline = EventLoop.bootTimeNanoseconds() + UInt64(timers.ledgerRetryDelay.components.seconds) * 1_000_000_000
        timers.ledgerRetryDelay = min(timers.ledgerRetryDelay * 2, .seconds(60))
        timers.ledgerRetry = loop.schedule(at: .bootTime(nanoseconds: deadline)) { [unowned self] in
            timers.ledgerRetry = nil
            saveLedger()
        }
    }

    /// Learns which apps have a passcode before the name is claimed, so that no
    /// app registers as unlocked because its passcode was not known yet.
    private func loadStoredPasscodes() {
        do {
            let stored = try passcodes.store.storedApps()
            for (app, kind) in stored.sorted(by: { $0.key < $1.key }) {
                passcodeKnown(app, kind: kind, source: "Secret Service")
            }
            reportMissingItems(listed: stored)
            inventory.isComplete = true
            logger.info("passcodes found", metadata: ["count": "\(stored.count)"])
        } catch {
            logger.error("cannot list stored passcodes; apps are looked up in the store as they register",
                         metadata: ["error": "\(error)"])
        }
    }
}
