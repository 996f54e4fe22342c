import AppLockCore
import AppLockProtocol

extension AgentStateMachine {
    /// A desktop-session signal. Lock triggers apply per policy key to every app not inhibited (suspend and
    /// shutdown ignore inhibitors); when a condition ends, obscures it caused clear (reason `unlock`).
    /// `prepareForSleep(true)` ends with `.releaseSleepInhibitor`; `prepareForSleep(false)` first fires every
    /// deadline that passed during suspend and ends with `.acquireSleepInhibitor`.
    public mutating func session(_ event: SessionEvent, now: AgentTime, source: String? = nil) -> [AgentAction] {
        let source = source ?? event.defaultSource
        var actions: [AgentAction] = []
        switch event {
        case .sessionLocked(let on):
            if on != screenLocked {
                screenLocked = on
                noteSessionState(&actions)
                edge(on, cause: .sessionLock, reason: .sessionLock, source: source, applies: \.lockOnSessionLock, &actions)
            }
        case .screenSaverActive(let on):
            if on != screensaverOn {
                screensaverOn = on
                noteSessionState(&actions)
                edge(on, cause: .screensaver, reason: .screensaver, source: source, applies: \.lockOnScreenSaver, &actions)
            }
        case .sessionActive(let active):
            if active == inactive {
                inactive = !active
                noteSessionState(&actions)
                edge(!active, cause: .sessionSwitch, reason: .sessionSwitch, source: source,
                     applies: \.lockOnSessionSwitch, &actions)
            }
        case .idleHint(let on, let since):
            if on {
                // IdleSinceHint is wall-clock time (0 means "not known"); the idle limit runs on the boot clock.
                if logindIdleSince == nil {
                    logindIdleSince = since.flatMap { $0 == 0 ? nil : now.bootTime(ofWallTime: $0) } ?? now.boot
                }
            } else {
                logindIdleSince = nil
            }
            idleChanged(now: now, source: source, &actions)
        case .presenceIdle(let on):
            if on {
                if presenceIdleSince == nil { presenceIdleSince = now.boot }
            } else {
                presenceIdleSince = nil
            }
            idleChanged(now: now, source: source, &actions)
        case .prepareForSleep(true):
            sleeping = true
            noteSessionState(&actions)
            suspendTriggers(cause: .suspend, reason: .suspend, source: source, &actions)
            finish(&actions)
            actions.append(.releaseSleepInhibitor)
            return actions
        case .prepareForSleep(false):
            expireDeadlines(now: now, &actions)
            if sleeping {
                sleeping = false
                noteSessionState(&actions)
                for app in knownApps { clearCauses([.suspend], of: app, reason: .unlock, source: source, &actions) }
            }
            finish(&actions)
            actions.append(.acquireSleepInhibitor)
            return actions
        case .prepareForShutdown(let on):
            if on != shuttingDown {
                shuttingDown = on
                noteSessionState(&actions)
                if on {
                    suspendTriggers(cause: .shutdown, reason: .shutdown, source: source, &actions)
                } else {
                    for app in knownApps { clearCauses([.shutdown], of: app, reason: .unlock, source: source, &actions) }
                }
            }
        }
        finish(&actions)
        return actions
    }

    /// `timerFired`: a timer armed by `.rescheduleTimer` (boot clock) or `.rescheduleLockoutTimer` (wall clock) went
    /// off (or any time; only due deadlines fire).
    public mutating func timerFired(now: AgentTime) -> [AgentAction] {
        var actions: [AgentAction] = []
        expireDeadlines(now: now, &actions)
        finish(&actions)
        return actions
    }

    private mutating func edge(_ on: Bool, cause: ObscureCause, reason: LockReason, source: String,
                               applies: KeyPath<Policy, Bool>, _ actions: inout [AgentAction]) {
        for app in knownApps {
            if !on {
                clearCauses([cause], of: app, reason: .unlock, source: source, &actions)
            } else if let e = apps[app], e.policy[keyPath: applies] && !e.inhibited {
                trigger(app, cause: cause, reason: reason, source: source, &actions)
            }
        }
    }

    private mutating func suspendTriggers(cause: ObscureCause, reason: LockReason, source: String,
                                          _ actions: inout [AgentAction]) {
        for app in knownApps where apps[app]?.policy.lockOnSuspend == true {
            trigger(app, cause: cause, reason: reason, source: source, &actions)
        }
    }

    private mutating func idleChanged(now: AgentTime, source: String, _ actions: inout [AgentAction]) {
        noteSessionState(&actions)
        if idleSince == nil {
            for app in knownApps {
                update(app) { $0.idleTriggered = false }
                clearCauses([.idle], of: app, reason: .unlock, source: source, &actions)
            }
        } else {
            expireDeadlines(now: now, &actions)
        }
    }
}
