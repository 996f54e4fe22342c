public import AppLockCore
public import AppLockProtocol

/// The whole agent's state: known apps, session conditions, inhibitors, deadlines and the lock-out ledger.
///
/// Pure: each input is a `mutating` call taking the current time on both clocks (``AgentTime``: grace periods and
/// idle limits on boot time, lock-out ends on the wall clock) and returning the `AgentAction`s
/// for the I/O layer to carry out. A call that throws `ManagerError` changes nothing.
public struct AgentStateMachine: Sendable, Equatable {
    var apps: [AppID: AppEntry] = [:]
    /// The passcode attempts being verified, by app (one at most per app).
    var attemptsInFlight: [AppID: AttemptInFlight] = [:]
    /// Index of `apps[…].owner`: the apps each connection registered, in the order it registered them. Change owners
    /// only through `setOwner(_:of:)` and remove apps only through `removeApp(_:)` so that it stays exact. A list,
    /// not a set: a connection has at most `Limits.maxAppsPerConnection` apps, and a one-app list takes half the
    /// memory of a one-app set (most apps are their connection's only one).
    var appsByOwner: [String: [AppID]] = [:]
    /// The apps that can have a grace deadline (in the background, grace not yet run out): an index kept by
    /// `setBackground(_:since:triggered:)`, so that no input scans every app while the session is not idle.
    var graceCandidates: Set<AppID> = []
    /// The policy sources in force.
    public internal(set) var policySet: PolicySet
    /// The failed-attempt bookkeeping; persist `lockoutLedger.encoded()` on `.persistLedger`.
    public internal(set) var lockoutLedger: LockoutLedger
    /// The failed unlocks of each locked app since its last unlock; persist `missedAttempts.encoded()` on
    /// `.persistMissedAttempts`.
    public internal(set) var missedAttempts = MissedAttemptLog()
    /// The kind of the AppLock passcode, nil while none is set.
    public internal(set) var sharedPasscodeKind: PasscodeKind?
    /// The apps that use the AppLock passcode (each has it as its `passcodeKind`).
    public internal(set) var sharedUsers: Set<AppID> = []
    /// An attempt on the AppLock passcode itself (ChangeSharedPasscode, RemoveSharedPasscode) is being verified.
    var sharedAttemptInFlight = false
    var inhibitors: [UInt32: Inhibitor] = [:]
    var nextCookie: UInt32 = 1
    var nextAttemptSerial: UInt64 = 1
    /// System authentications waiting for polkit, by ticket id.
    var pendingSystemAuth: [UInt64: SystemAuthTicket] = [:]
    var announcedDeadline: BootMicroseconds?
    var announcedLockoutEnd: UnixMicroseconds?
    var announcedSessionState: SessionState = .active
    /// The AppLock passcode's limit (`MaxFailedAttempts` of every app that uses it) last announced; nil while no app uses it.
    var announcedSharedLimit: UInt32?

    var screenLocked = false
    var screensaverOn = false
    var inactive = false
    var logindIdleSince: BootMicroseconds?
    var presenceIdleSince: BootMicroseconds?
    var sleeping = false
    var shuttingDown = false
    /// The connections that say the screen is being shared or recorded, each with the source it names.
    var screenSharers: [String: String] = [:]
    /// What the machine decides of the apps with a passcode beside their states: records, authenticated policies,
    /// held weakenings, seals, tampering (``AgentStateMachine+Custody.swift`` feeds it; its policy goes to
    /// ``policiesChanged(_:now:)`` here, never through the agent).
    public internal(set) var custody = PasscodeCustody()

    public init(policies: PolicySet = PolicySet(), ledger: LockoutLedger = LockoutLedger()) {
        policySet = policies
        lockoutLedger = ledger
    }

    // MARK: Queries

    /// Everything published about `app`, nil when it is neither registered nor has a passcode.
    public func snapshot(of app: AppID) -> AppSnapshot? {
        guard let e = apps[app] else { return nil }
        let holder = holder(of: app)
        let limits = ledgerPolicy(holder)
        let record = lockoutLedger.record(for: holder, policy: limits)
        let source: PasscodeSource = holder == .shared ? .shared : e.hasPasscode ? .own : .none
        return AppSnapshot(appID: app, state: e.state, reason: e.reason, owner: e.owner, passcodeKind: e.passcodeKind,
                           passcodeSource: source, inhibited: e.inhibited, failedAttempts: record.failedAttempts,
                           maxFailedAttempts: limits.maxFailedAttempts, retryAfter: record.retryAfter, policy: e.policy)
    }

    /// Every registered app and every app with a stored passcode, sorted.
    public var knownApps: [AppID] { apps.keys.sorted() }

    /// The published session state (suspending > locked > screensaver > inactive > idle > active).
    public var sessionState: SessionState {
        if sleeping || shuttingDown { return .suspending }
        if screenLocked { return .locked }
        if screensaverOn { return .screensaver }
        if inactive { return .inactive }
        if idleSince != nil { return .idle }
        return .active
    }

    /// The earliest pending grace-period or idle-limit deadline on the boot clock, nil when none.
    public var nextDeadline: BootMicroseconds? {
        var best: BootMicroseconds?
        func consider(_ deadline: BootMicroseconds?) {
            if let deadline, best.map({ deadline < $0 }) ?? true { best = deadline }
        }
        for app in appsWithPossibleDeadlines {
            guard let e = apps[app] else { continue }
            consider(graceDeadline(e))
            consider(idleDeadline(e))
        }
        return best
    }

    /// The earliest end of a lock-out on the wall clock, nil when none is pending.
    public var nextLockoutEnd: UnixMicroseconds? { lockoutLedger.nextRetryAfter }

    /// Every app that may have a grace or idle deadline: while the session is idle any app may, otherwise only
    /// the grace candidates.
    var appsWithPossibleDeadlines: [AppID] {
        idleSince == nil ? Array(graceCandidates) : Array(apps.keys)
    }

    /// The apps registered by the connection `uniqueName`, sorted.
    public func apps(ownedBy uniqueName: String) -> [AppID] {
        appsByOwner[uniqueName].map { $0.sorted() } ?? []
    }

    /// The effective policy for `app`, known or not (e.g. for validating a first passcode).
    public func policy(for app: AppID) -> Policy {
        apps[app]?.policy ?? policySet.effectivePolicy(for: app)
    }

    /// Whose passcode protects `app`: the AppLock passcode for the apps that use it, else the app's own.
    public func holder(of app: AppID) -> PasscodeHolder {
        sharedUsers.contains(app) ? .shared : .app(app)
    }

    /// The policy whose `MaxFailedAttempts` and `LockoutSchedule` count the failures of `holder`: the app's own, or
    /// for the AppLock passcode the strictest of every app that uses it (the fewest attempts, the longest lock-out at
    /// each step), so that a person at the keyboard gets as many guesses in all as one of those apps allows.
    public func ledgerPolicy(_ holder: PasscodeHolder) -> Policy {
        switch holder {
        case .app(let app):
            return policy(for: app)
        case .shared:
            let policies = sharedUsers.sorted().map { policy(for: $0) }
            guard var strictest = policies.first else { return Policy.defaults }
            for p in policies.dropFirst() {
                strictest.maxFailedAttempts = min(strictest.maxFailedAttempts, p.maxFailedAttempts)
                if case .uint32Array(let schedule) = PolicyKey.lockoutSchedule.strictness.stricter(
                    .uint32Array(strictest.lockoutSchedule), .uint32Array(p.lockoutSchedule)) {
                    strictest.lockoutSchedule = schedule
                }
            }
            return strictest
        }
    }

    /// The apps whose `FailedAttempts` and `RetryAfter` are those of `holder`, sorted.
    func apps(countedBy holder: PasscodeHolder) -> [AppID] {
        switch holder {
        case .app(let app): apps[app] == nil ? [] : [app]
        case .shared: sharedUsers.sorted()
        }
    }

    /// The entry of `app`, or `unknownApplication` when it is neither registered nor has a passcode.
    func entry(_ app: AppID) throws(ManagerError) -> AppEntry {
        guard let e = apps[app] else { throw .unknownApplication }
        return e
    }

    /// The entry of `app` for a call only its owner may make: `notRegistered` when no connection registered it,
    /// `accessDenied` when `caller` is not that connection.
    func entry(_ app: AppID, ownedBy caller: String) throws(ManagerError) -> AppEntry {
        guard let e = apps[app], let owner = e.owner else { throw .notRegistered }
        guard owner == caller else { throw .accessDenied }
        return e
    }

    /// Checks a new passcode against SPEC's rules and `app`'s policy; the message never holds the passcode.
    public func validateNewPasscode(_ passcode: String, kind: PasscodeKind, for app: AppID) throws(ManagerError) {
        do {
            try PasscodeRules.validate(passcode, kind: kind, policy: policy(for: app))
        } catch {
            throw .invalidPasscode(error.description)
        }
    }

    /// Refuses with `InvalidPasscode`, before admission and without counting an attempt, a passcode that cannot be
    /// `app`'s: one that does not fit the kind of the passcode it has (letters for a digit kind, five digits for
    /// four). The kind is public already (the app's `PasscodeKind` property), so the refusal tells a caller nothing
    /// the bus does not, and a typing slip does not bring a lock-out nearer. An app without a passcode refuses none.
    public func checkShape(of passcode: String, for app: AppID) throws(ManagerError) {
        guard let kind = snapshot(of: app)?.passcodeKind else { return }
        do {
            try PasscodeRules.validateShape(passcode, kind: kind)
        } catch {
            throw .invalidPasscode("\(error); it cannot be this app's passcode, and no attempt was counted")
        }
    }

    /// SetPasscode, on its turn: refused with `PasscodeExists` when the app has a passcode (set by a call queued
    /// before it, or found in the keyring meanwhile).
    public func checkHasNoPasscode(_ app: AppID) throws(ManagerError) {
        if apps[app]?.hasPasscode == true { throw .passcodeExists }
    }

    /// When the session became idle (the earlier of logind's and gnome-session's), nil when not idle.
    var idleSince: BootMicroseconds? {
        switch (logindIdleSince, presenceIdleSince) {
        case let (a?, b?): min(a, b)
        case let (a?, nil): a
        case let (nil, b?): b
        case (nil, nil): nil
        }
    }

    func graceDeadline(_ e: AppEntry) -> BootMicroseconds? {
        guard let since = e.backgroundSince, !e.backgroundTriggered else { return nil }
        return since &+ UInt64(e.policy.gracePeriod) * .microsecondsPerSecond
    }

    func idleDeadline(_ e: AppEntry) -> BootMicroseconds? {
        guard let since = idleSince, !e.idleTriggered, e.policy.lockAfterIdle > 0 else { return nil }
        return since &+ UInt64(e.policy.lockAfterIdle) * .microsecondsPerSecond
    }

    // MARK: Changes that keep the indexes

    /// Changes the entry of `app` in place (one lookup, no copy of the entry); nothing happens when `app` is unknown.
    mutating func update(_ app: AppID, _ change: (inout AppEntry) -> Void) {
        guard let index = apps.index(forKey: app) else { return }
        change(&apps.values[index])
    }

    /// Binds `app` to the connection `owner` (nil: no owner), keeping `appsByOwner` exact.
    mutating func setOwner(_ owner: String?, of app: AppID) {
        guard let entry = apps[app] else { return }
        if let old = entry.owner {
            appsByOwner[old]?.removeAll { $0 == app }
            if appsByOwner[old]?.isEmpty == true { appsByOwner[old] = nil }
        }
        update(app) { $0.owner = owner }
        if let owner { appsByOwner[owner, default: []].append(app) }
    }

    /// Records the background spell of `app`, keeping `graceCandidates` exact.
    mutating func setBackground(_ app: AppID, since: BootMicroseconds?, triggered: Bool) {
        guard apps[app] != nil else { return }
        update(app) {
            $0.backgroundSince = since
            $0.backgroundTriggered = triggered
        }
        if since != nil && !triggered { graceCandidates.insert(app) } else { graceCandidates.remove(app) }
    }

    /// Forgets `app` and its place in every index.
    mutating func removeApp(_ app: AppID) {
        setOwner(nil, of: app)
        sharedUsers.remove(app)
        graceCandidates.remove(app)
        attemptsInFlight[app] = nil
        apps.removeValue(forKey: app)
    }

    // MARK: Transitions shared by the inputs

    /// Sets the state of `app`, announcing it when it changes.
    mutating func setState(_ app: AppID, _ state: AppState, _ reason: LockReason, source: String,
                           _ actions: inout [AgentAction]) {
        guard let old = apps[app], old.state != state else { return }
        update(app) {
            $0.state = state
            $0.reason = reason
        }
        actions.append(.stateChanged(app, state, reason, source: source))
    }

    /// A lock trigger: locks an app with a passcode, obscures one without. `cause` is remembered so an
    /// obscure clears when it ends. Inhibitors are the caller's business. A lock that says the user may have left
    /// (session lock, suspend, idle, user switch, `Lock`) voids an Unlock being verified even on a locked app; the
    /// grace period of an app hidden while locked ending changes nothing, and must not.
    mutating func trigger(_ app: AppID, cause: ObscureCause, reason: LockReason, source: String,
                          _ actions: inout [AgentAction]) {
        guard let e = apps[app] else { return }
        update(app) { $0.causes.insert(cause) }
        if e.state == .locked && cause == .background { return }
        update(app) { $0.lockEpoch &+= 1 }
        if e.hasPasscode {
            setState(app, .locked, reason, source: source, &actions)
        } else if e.state == .unlocked {
            setState(app, .obscured, reason, source: source, &actions)
        }
    }

    /// Obscures `app` (never locks it), as `ObscureInBackground` does.
    mutating func obscure(_ app: AppID, cause: ObscureCause, reason: LockReason, source: String,
                          _ actions: inout [AgentAction]) {
        guard let e = apps[app] else { return }
        update(app) {
            $0.causes.insert(cause)
            $0.lockEpoch &+= 1
        }
        if e.state == .unlocked { setState(app, .obscured, reason, source: source, &actions) }
    }

    /// Removes `causes` from `app`; an obscured app without causes left becomes unlocked with `reason`.
    mutating func clearCauses(_ causes: [ObscureCause], of app: AppID, reason: LockReason, source: String,
                              _ actions: inout [AgentAction]) {
        update(app) { for c in causes { $0.causes.remove(c) } }
        guard let e = apps[app], e.state == .obscured && e.causes.isEmpty else { return }
        setState(app, .unlocked, reason, source: source, &actions)
    }

    /// Applies every session condition now in force to `app` (after registering, or after its last
    /// inhibitor went away), then any deadline already due.
    mutating func applyConditions(_ app: AppID, now: AgentTime, source: String, _ actions: inout [AgentAction]) {
        guard let e = apps[app] else { return }
        let p = e.policy
        if sleeping && p.lockOnSuspend { trigger(app, cause: .suspend, reason: .suspend, source: source, &actions) }
        if shuttingDown && p.lockOnSuspend { trigger(app, cause: .shutdown, reason: .shutdown, source: source, &actions) }
        if !e.inhibited {
            if screenLocked && p.lockOnSessionLock {
                trigger(app, cause: .sessionLock, reason: .sessionLock, source: source, &actions)
            }
            if screensaverOn && p.lockOnScreenSaver {
                trigger(app, cause: .screensaver, reason: .screensaver, source: source, &actions)
            }
            if inactive && p.lockOnSessionSwitch {
                trigger(app, cause: .sessionSwitch, reason: .sessionSwitch, source: source, &actions)
            }
            if !screenSharers.isEmpty { applyScreenShare(app, source: source, &actions) }
            update(app) { $0.idleTriggered = false }
        }
        expireDeadlines(now: now, &actions)
    }

    /// Fires every grace and idle deadline that is due (inhibited apps let them pass), and ends lock-outs
    /// whose time is up.
    mutating func expireDeadlines(now: AgentTime, _ actions: inout [AgentAction]) {
        // Only the apps with a deadline due are sorted: sorting every app on every input made 10,000
        // registrations quadratic.
        let due = appsWithPossibleDeadlines.filter { app in
            guard let e = apps[app] else { return false }
            if let d = graceDeadline(e), d <= now.boot { return true }
            if let d = idleDeadline(e), d <= now.boot { return true }
            return false
        }
        for app in due.sorted() {
            guard let e = apps[app] else { continue }
            if let d = graceDeadline(e), d <= now.boot {
                setBackground(app, since: e.backgroundSince, triggered: true)
                if !e.inhibited { trigger(app, cause: .background, reason: .background, source: "grace-period", &actions) }
            }
            if let d = idleDeadline(e), d <= now.boot {
                update(app) { $0.idleTriggered = true }
                if !e.inhibited { trigger(app, cause: .idle, reason: .idle, source: "idle-timer", &actions) }
            }
        }
        let ended = lockoutLedger.expireLockouts(now: now.wall)
        if !ended.isEmpty {
            actions.append(.persistLedger)
            for holder in ended {
                for app in apps(countedBy: holder) { actions.append(.propertiesChanged(app)) }
            }
        }
    }

    /// Announces a changed session state.
    mutating func noteSessionState(_ actions: inout [AgentAction]) {
        let s = sessionState
        if s != announcedSessionState {
            announcedSessionState = s
            actions.append(.sessionStateChanged(s))
        }
    }

    /// Ends every input: announces the session state and the two timers when they changed.
    mutating func finish(_ actions: inout [AgentAction]) {
        cancelOutdatedSystemAuthentications(&actions)
        noteSessionState(&actions)
        let d = nextDeadline
        if d != announcedDeadline {
            announcedDeadline = d
            actions.append(.rescheduleTimer(d))
        }
        let end = nextLockoutEnd
        if end != announcedLockoutEnd {
            announcedLockoutEnd = end
            actions.append(.rescheduleLockoutTimer(end))
        }
        // An app that starts or stops using the AppLock passcode, or a policy of one, can move the limit of them all.
        let limit = sharedUsers.isEmpty ? nil : ledgerPolicy(.shared).maxFailedAttempts
        if limit != announcedSharedLimit {
            announcedSharedLimit = limit
            actions += sharedUsers.sorted().map { .propertiesChanged($0) }
        }
    }

    /// Puts `app` in the state a fresh registration starts in: `locked` when it has a passcode and
    /// LockOnLaunch, else `unlocked`; reason `launch`; no causes or pending deadlines.
    mutating func resetToLaunch(_ app: AppID) {
        guard var e = apps[app] else { return }
        // An app locked in this session stays locked when it registers again (LockOnLaunch=false reopened).
        e.state = e.hasPasscode && (e.policy.lockOnLaunch || e.state == .locked) ? .locked : .unlocked
        e.reason = .launch
        e.causes = []
        e.idleTriggered = false
        e.lockEpoch &+= 1
        apps[app] = e
        setBackground(app, since: nil, triggered: false)
    }

    /// An authentication unlocked `app` (a right passcode, polkit, or removing its passcode while locked): its
    /// manual lock clears and it becomes `unlocked` (reason `unlock`), or `obscured` while other causes remain.
    mutating func authenticatedUnlock(_ app: AppID, source: String, _ actions: inout [AgentAction]) {
        update(app) { $0.causes.remove(.manual) }
        guard let e = apps[app] else { return }
        setState(app, e.causes.isEmpty ? .unlocked : .obscured, .unlock, source: source, &actions)
    }

    /// Drops `cookie` from both indexes.
    mutating func dropInhibitor(_ cookie: UInt32) {
        guard let inh = inhibitors.removeValue(forKey: cookie) else { return }
        update(inh.app) { $0.inhibitorCookies.remove(cookie) }
    }
}
