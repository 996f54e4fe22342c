public import AppLockCore
public import AppLockProtocol

/// What the guard's driver decides beside ``GuardCore``, pure, on the driver's clock: which apps are guarded while
/// the agent holds a weakening of their policy (`GetHeldPolicyChanges`, asked in generations so that an older
/// question's answers count for nothing), what the disk remembers of that (``RememberedHeldChanges``, returned as
/// data), which lock windows are started ahead and ended, what the log says of the guard's readiness, and when the
/// user is told that apps cannot be hidden (``ProtectionAlarm``). The driver feeds it events and carries out its
/// actions; it keeps no state of its own.
///
/// The log states the readiness once per change, and never claims protection before the backend reports it. A
/// `waiting` readiness (the desktop's side has not answered yet) is said only once it has lasted
/// ``ProtectionAlarm/patience``: a guard starting up, answered within it, says only that it protects; the bus
/// status says `waiting` (not protected) meanwhile.
public struct GuardKeeper: Sendable {
    /// The files' guarded apps and their `BackgroundWhen`, as last read.
    private var fileRules: [AppID: BackgroundRule] = [:]
    /// The policies the files give, as last read (each app's `HideNotifications`).
    private var filePolicies = PolicySet()
    /// The apps whose un-guarding or looser `BackgroundWhen` the agent holds until their passcode confirms it, with
    /// the rule of the agent's authenticated policy: they stay guarded as before, so that editing a file weakens no
    /// lock. Kept while the agent cannot be asked (failing closed), and remembered on disk.
    private var heldRules: [AppID: BackgroundRule] = [:]
    /// The `HideNotifications` of the agent's authenticated policy for the apps whose change of it the agent holds.
    private var heldHideNotifications: [AppID: Bool] = [:]
    /// What the disk remembers of ``heldRules`` and ``heldHideNotifications``.
    private var remembered = RememberedHeldChanges()
    private var query: HeldRulesQuery?
    /// Apps the files stopped guarding at the last reload, guarded as before until the agent answers.
    private var awaitingAgent: [AppID: BackgroundRule] = [:]
    /// The apps that hid their notifications before the last reload: they keep hiding them until the agent says
    /// whether it holds a change of `HideNotifications`.
    private var hidingAwaitingAgent: Set<AppID> = []
    /// The guarded apps last given to ``GuardCore``, and the ones it guards (those and the locked ones it keeps).
    private var appliedRules: [AppID: BackgroundRule] = [:]
    /// The guarded apps given to the core and not yet taken (``takeRulesForCore()``).
    private var rulesForCore: [AppID: BackgroundRule]?
    private var guardedApps: Set<AppID> = []
    /// The guarded apps whose policy says `HideNotifications` (the held value where the agent holds a change).
    public private(set) var appsWithHideNotifications: Set<AppID> = []
    private var alarm = ProtectionAlarm()
    private var readiness: GuardReadiness
    /// When ``readiness`` last changed (nil: not looked at yet), and the statement the log last made.
    private var readinessSince: Duration?
    private var said: String?
    private var saidNoLockWindow = false
    /// The shortcut that locks every protected app, as last given to the backend (nil: not given yet; `.some(nil)`:
    /// none).
    private var lockAllShortcut: KeyboardShortcut??
    private let desktop: GuardDesktop

    /// A core for a guard on `desktop`, whose readiness is ``GuardReadiness/initial(for:)`` until the backend reports.
    public init(desktop: GuardDesktop) {
        self.desktop = desktop
        readiness = .initial(for: desktop)
    }

    /// The guarded apps: the files' rules, those the files just stopped guarding while the agent has not answered,
    /// and the agent's held ones in their place.
    public var guardedRules: [AppID: BackgroundRule] {
        RememberedHeldChanges.guarding(fileRules.merging(awaitingAgent) { file, _ in file }, heldRules)
    }

    /// Takes `event` at `now` (the driver's monotonic time) and returns what to carry out, in order.
    public mutating func handle(_ event: GuardKeeperEvent, now: Duration) -> [GuardKeeperAction] {
        switch event {
        case .memoryRead(let memory):
            return memoryRead(memory)
        case .memoryUnreadable(let problem):
            return [.log("cannot read the held changes remembered in \(problem); the files apply until the agent answers")]
        case .memoryWritten(let memory):
            remembered = memory
            return []
        case .policyRead(let policies):
            let previous = guardedRules
            fileRules = policies.guardedAppRules
            filePolicies = policies
            // An app the files stop guarding stays guarded as it was until the agent says whether it holds that
            // change: dropping it meanwhile would end its registration, and registering it again would lock it.
            awaitingAgent = previous.filter { fileRules[$0.key] == nil }
            hidingAwaitingAgent = appsWithHideNotifications
            return applyGuardedApps() + askForHeldRules()
        case .guardedAppsApplied(let apps):
            return guardedAppsApplied(apps, now: now)
        case .agentPresence(let present):
            return present ? askForHeldRules() : []
        case .heldChanges(let generation, let held):
            guard query?.generation == generation, let held else { return [] }
            return heldChangesAnswered(held, generation: generation)
        case .heldPolicy(let app, let generation, let policy):
            guard query?.generation == generation else { return [] }
            return heldPolicyAnswered(app, policy)
        case .readiness(let new):
            if new != readiness {
                readiness = new
                readinessSince = now
            }
            return soundAlarm(now: now)
        case .woke:
            return soundAlarm(now: now)
        case .lockWindowsAhead(let wanted, let running, let shown):
            return running.subtracting(wanted).sorted().map(GuardKeeperAction.endLockWindowAhead)
                + wanted.subtracting(running).subtracting(shown).sorted().map(GuardKeeperAction.startLockWindowAhead)
        case .lockAllShortcutRead(.success(let shortcut)):
            guard lockAllShortcut != .some(shortcut) else { return [] }
            lockAllShortcut = .some(shortcut)
            return [.bindLockAllShortcut(shortcut)]
        case .lockAllShortcutRead(.failure(let problem)):
            let kept = lockAllShortcut.map { $0?.description ?? "none" } ?? KeyboardShortcut.lockAllDefault.description
            guard lockAllShortcut != nil else {
                lockAllShortcut = .some(.lockAllDefault)
                return [.log("the shortcut that locks every app: \(problem); \(kept) is used"),
                        .bindLockAllShortcut(.lockAllDefault)]
            }
            return [.log("the shortcut that locks every app: \(problem); \(kept) stays")]
        case .lockWindowMissing(let path):
            guard !saidNoLockWindow else { return [] }
            saidNoLockWindow = true
            return [.log("no lock window at \(path ?? "(unknown)"); locked apps stay "
                         + "\(desktop == .x11 ? "covered" : "hidden"), unlock them with applockctl unlock")]
        }
    }

    /// The held changes the guard last learnt from the agent, read at start before the agent can be asked: they
    /// keep their apps guarded, and their notifications private, until the agent answers.
    private mutating func memoryRead(_ memory: RememberedHeldChanges) -> [GuardKeeperAction] {
        remembered = memory
        heldRules = memory.rules
        heldHideNotifications = Dictionary(uniqueKeysWithValues: memory.hidingNotifications.map { ($0, true) })
        return heldRules.keys.sorted().map {
            .log("\($0) stays guarded until the agent answers: it held a change of Guard, BackgroundWhen or "
                 + "HideNotifications when last asked")
        }
    }

    /// Hands the guarded apps to the core: kept for ``takeRulesForCore()``, which its owner calls after each event.
    private mutating func applyGuardedApps() -> [GuardKeeperAction] {
        appliedRules = guardedRules
        rulesForCore = appliedRules
        return []
    }

    /// The guarded apps, each with its rule, that ``GuardCore`` must take now (nil: none since last asked); once
    /// it has, the keeper hears which apps it guards (``GuardKeeperEvent/guardedAppsApplied(_:)``).
    public mutating func takeRulesForCore() -> [AppID: BackgroundRule]? {
        defer { rulesForCore = nil }
        return rulesForCore
    }

    private mutating func guardedAppsApplied(_ apps: Set<AppID>, now: Duration) -> [GuardKeeperAction] {
        guardedApps = apps
        appsWithHideNotifications = apps.filter {
            heldHideNotifications[$0]
                ?? (hidingAwaitingAgent.contains($0) || filePolicies.effectivePolicy(for: $0).hideNotifications)
        }
        let kept = apps.subtracting(appliedRules.keys).sorted().map {
            GuardKeeperAction.log(
                "\($0) is no longer guarded by the policy, but it is locked: it stays covered until it is unlocked")
        }
        return kept + [.guardedAppsReloaded] + soundAlarm(now: now)
    }

    /// Asks the agent which apps' `Guard`, `BackgroundWhen` or `HideNotifications` weakenings it holds, then each
    /// such app's policy; a newer question makes the answers to an older one count for nothing.
    private mutating func askForHeldRules() -> [GuardKeeperAction] {
        let generation = (query?.generation ?? 0) + 1
        query = HeldRulesQuery(generation: generation)
        return [.askHeldChanges(generation: generation)]
    }

    private mutating func heldChangesAnswered(_ held: [AppID: [String]], generation: Int) -> [GuardKeeperAction] {
        let apps = held.filter { !PolicyStrength.keysTheGuardApplies.isDisjoint(with: $0.value) }.keys
        guard !apps.isEmpty else { return heldRulesAnswered(HeldRulesQuery(generation: generation)) }
        query?.waiting = Set(apps)
        return apps.sorted().map { .askHeldPolicy($0, generation: generation) }
    }

    /// One held app's policy, or nil when the agent did not answer: then the app stays guarded as before, with the
    /// files' rule or the strictest one.
    private mutating func heldPolicyAnswered(_ app: AppID, _ policy: HeldPolicy?) -> [GuardKeeperAction] {
        guard var answer = query, answer.waiting.contains(app) else { return [] }
        if policy?.guarded != false {
            answer.rules[app] = policy?.backgroundRule
                ?? heldRules[app] ?? awaitingAgent[app] ?? fileRules[app] ?? .unfocused
        }
        answer.hideNotifications[app] = policy?.hidesNotifications ?? heldHideNotifications[app] ?? true
        answer.waiting.remove(app)
        query = answer
        return answer.waiting.isEmpty ? heldRulesAnswered(answer) : []
    }

    private mutating func heldRulesAnswered(_ answer: HeldRulesQuery) -> [GuardKeeperAction] {
        let waited = !awaitingAgent.isEmpty || !hidingAwaitingAgent.isEmpty
        awaitingAgent = [:]
        hidingAwaitingAgent = []
        let hidingChanged = answer.hideNotifications != heldHideNotifications
        heldHideNotifications = answer.hideNotifications
        var actions: [GuardKeeperAction] = []
        if answer.rules != heldRules {
            for app in Set(answer.rules.keys).subtracting(heldRules.keys).sorted() {
                actions.append(.log(
                    "\(app) stays guarded: the agent holds its change of Guard, BackgroundWhen or HideNotifications "
                        + "until its passcode confirms it (applockctl policy confirm \(app))"))
            }
            heldRules = answer.rules
            actions += applyGuardedApps()
        } else if waited || hidingChanged {
            actions += applyGuardedApps()
        }
        let current = RememberedHeldChanges(
            rules: heldRules, hidingNotifications: Set(heldHideNotifications.filter(\.value).keys))
        if current != remembered { actions.append(.remember(current)) }
        return actions
    }

    /// What the log says of the readiness, and the alarm (``ProtectionAlarm``), with the next time to look again.
    private mutating func soundAlarm(now: Duration) -> [GuardKeeperAction] {
        var actions: [GuardKeeperAction] = []
        var wake: Duration?
        let since = readinessSince ?? now
        readinessSince = since
        if readiness.statement != said {
            let due = readiness.reason == .waiting ? since + ProtectionAlarm.patience : since
            if now >= due {
                said = readiness.statement
                actions.append(.log(readiness.statement))
            } else {
                wake = due
            }
        }
        switch alarm.update(readiness, guardedApps: guardedApps, now: now) {
        case .nothing:
            break
        case .wakeAt(let deadline):
            wake = min(wake ?? deadline, deadline)
        case .notify(let apps):
            actions.append(.notifyUnprotected(apps, readiness))
        }
        return actions + [.wakeAt(wake)]
    }
}
