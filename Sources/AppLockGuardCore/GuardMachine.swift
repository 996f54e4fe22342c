public import AppLockProtocol

/// The guard's one pure machine: every decision of the guard, on its driver's clock. It owns two children and calls
/// them itself: ``GuardCore`` (windows, covers, the agent's states, the lock window) and ``GuardKeeper`` (held rules
/// and their memory, lock windows ahead, the readiness said and the alarm, the shortcut). The driver feeds it one
/// input at a time and carries out the one list of actions it returns, in order; the exchanges between the children
/// (the guarded apps the keeper gives the core, the agent's presence both hear, the lock windows the core wants
/// ready) happen here, never in the driver.
public struct GuardMachine: Sendable {
    /// Everything the guard hears: from the desktop and the agent (``GuardInput``), and what the driver read, asked
    /// or found (``GuardKeeperEvent``).
    public enum Input: Sendable, Equatable {
        case desktop(GuardInput)
        case upkeep(GuardKeeperEvent)
        /// After each batch: the apps with a lock window started ahead and running, and with one shown (the
        /// machine starts and ends lock windows ahead for the apps its core wants them for).
        case lockWindowProcesses(running: Set<AppID>, shown: Set<AppID>)
    }

    /// What the driver carries out: for the desktop, the agent and the lock windows (``GuardAction``), for the
    /// keeper's files, questions and notifications (``GuardKeeperAction``), and reading the desktop files of the
    /// apps the guard now guards (before the backend hears the guarded apps changed).
    public enum Action: Sendable, Equatable {
        case desktop(GuardAction)
        case upkeep(GuardKeeperAction)
        case readAppFiles(Set<AppID>)
    }

    /// Windows, covers, the agent's states and the lock window.
    public private(set) var core = GuardCore()
    private var keeper: GuardKeeper
    private let desktop: GuardDesktop

    /// A machine for a guard on `desktop`, whose lock window needs `lockWindowScale` times its room.
    public init(desktop: GuardDesktop, lockWindowScale: Double = 1) {
        self.desktop = desktop
        keeper = GuardKeeper(desktop: desktop)
        core.lockWindowScale = lockWindowScale
    }

    /// Whether a lock window started ahead goes inside a cover (X11, where the guard draws covers) or is a toplevel
    /// the compositor places.
    public var lockWindowsAheadGoInCovers: Bool { desktop == .x11 }

    /// The guarded apps whose notifications must show no content now: `HideNotifications` says so and the app is not
    /// known to be unlocked.
    public var appsHidingNotifications: Set<AppID> {
        core.appsWithPrivateNotifications(among: keeper.appsWithHideNotifications)
    }

    /// Takes `input` at `now` and returns what to carry out, in order.
    public mutating func handle(_ input: Input, now: Duration) -> [Action] {
        switch input {
        case .desktop(let event):
            var actions = core.handle(event, now: now).map(Action.desktop)
            if case .agentPresence(let present) = event {
                actions += upkeep(keeper.handle(.agentPresence(present), now: now), now: now)
            }
            return actions
        case .lockWindowProcesses(let running, let shown):
            return upkeep(keeper.handle(
                .lockWindowsAhead(wanted: core.lockWindowsAhead, running: running, shown: shown), now: now), now: now)
        case .upkeep(let event):
            return upkeep(keeper.handle(event, now: now), now: now)
        }
    }

    /// The keeper's actions, with the guarded apps it gives the core handed over here: the core takes them, the
    /// driver reads their desktop files, and the keeper hears which apps the core guards (the policy's, and the
    /// locked ones it keeps until they are unlocked).
    private mutating func upkeep(_ actions: [GuardKeeperAction], now: Duration) -> [Action] {
        var all = actions.map(Action.upkeep)
        guard let rules = keeper.takeRulesForCore() else { return all }
        all += core.handle(.guardedAppsChanged(rules), now: now).map(Action.desktop)
        all.append(.readAppFiles(core.guardedApps))
        return all + upkeep(keeper.handle(.guardedAppsApplied(core.guardedApps), now: now), now: now)
    }
}
