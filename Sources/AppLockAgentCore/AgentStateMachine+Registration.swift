public import AppLockCore
public import AppLockProtocol

extension AgentStateMachine {
    /// `RegisterApplication`: binds `app` to the connection `owner`. Starts `locked`/`launch` when the app
    /// has a passcode and LockOnLaunch, else `unlocked`/`launch`; session conditions in force then apply.
    /// Registering again from the same connection changes nothing.
    public mutating func register(_ app: AppID, owner: String, now: AgentTime) throws(ManagerError) -> [AgentAction] {
        guard !owner.isEmpty else { throw .invalidArgument("the owner's bus name must not be empty") }
        if let current = apps[app]?.owner {
            if current == owner { return [] }
            throw .alreadyRegistered
        }
        if appsByOwner[owner, default: []].count >= Limits.maxAppsPerConnection {
            throw .limitExceeded("a connection may register at most \(Limits.maxAppsPerConnection) applications")
        }
        var actions: [AgentAction] = []
        if apps[app] == nil {
            apps[app] = AppEntry(state: .unlocked, reason: .launch, owner: nil, passcodeKind: nil,
                                 policy: policySet.effectivePolicy(for: app))
            setOwner(owner, of: app)
            actions.append(.appAdded(app))
        } else {
            setOwner(owner, of: app)
            actions.append(.propertiesChanged(app))
        }
        enterLaunchState(app, now: now, source: "register", &actions)
        finish(&actions)
        return actions
    }

    /// `UnregisterApplication`: only the owner may. An app with a passcode stays known (in its launch
    /// state); one without is removed.
    public mutating func unregister(_ app: AppID, caller: String, now: AgentTime) throws(ManagerError) -> [AgentAction] {
        _ = try entry(app, ownedBy: caller)
        var actions: [AgentAction] = []
        dropRegistration(app, now: now, source: "unregister", &actions)
        finish(&actions)
        return actions
    }

    /// The connection `uniqueName` left the bus: its registrations and inhibitors end.
    public mutating func peerLeft(_ uniqueName: String, now: AgentTime) -> [AgentAction] {
        var actions: [AgentAction] = []
        for cookie in inhibitors.compactMap({ $0.value.owner == uniqueName ? $0.key : nil }).sorted() {
            guard let app = inhibitors[cookie]?.app else { continue }
            dropInhibitor(cookie)
            if apps[app]?.owner != uniqueName && apps[app]?.inhibited == false {
                actions.append(.propertiesChanged(app))
                applyConditions(app, now: now, source: "peer-left", &actions)
            }
        }
        for app in apps(ownedBy: uniqueName) {
            dropRegistration(app, now: now, source: "peer-left", &actions)
        }
        cancelSystemAuthentications(of: uniqueName, &actions)
        withdrawScreenShare(of: uniqueName, source: "peer-left", &actions)
        finish(&actions)
        return actions
    }

    /// Resets `app` to its launch state and applies the session conditions in force; announces the final
    /// state once.
    mutating func enterLaunchState(_ app: AppID, now: AgentTime, source: String, _ actions: inout [AgentAction]) {
        resetToLaunch(app)
        var scratch: [AgentAction] = []
        applyConditions(app, now: now, source: source, &scratch)
        for a in scratch {
            if case .stateChanged(let other, _, _, _) = a, other == app { continue }
            actions.append(a)
        }
        if let e = apps[app] { actions.append(.stateChanged(app, e.state, e.reason, source: source)) }
    }

    mutating func dropRegistration(_ app: AppID, now: AgentTime, source: String, _ actions: inout [AgentAction]) {
        guard let e = apps[app] else { return }
        for cookie in e.inhibitorCookies.sorted() { dropInhibitor(cookie) }
        if !e.hasPasscode && attemptsInFlight[app] == nil {
            removeApp(app)
            actions.append(.appRemoved(app))
            return
        }
        setOwner(nil, of: app)
        actions.append(.propertiesChanged(app))
        resetToLaunch(app)
        if let after = apps[app], after.state != e.state {
            actions.append(.stateChanged(app, after.state, after.reason, source: source))
        }
    }

    /// `Lock`: locks `app` now (reason `manual`), overriding inhibitors; one without a passcode is obscured
    /// until it next reports `foreground`.
    public mutating func lock(_ app: AppID, now: AgentTime, source: String = ManagerMethod.lock.name) throws(ManagerError) -> [AgentAction] {
        _ = try entry(app)
        var actions: [AgentAction] = []
        trigger(app, cause: .manual, reason: .manual, source: source, &actions)
        finish(&actions)
        return actions
    }

    /// `LockAll`: every known app, as `lock`.
    public mutating func lockAll(now: AgentTime, source: String = ManagerMethod.lockAll.name) -> [AgentAction] {
        var actions: [AgentAction] = []
        for app in knownApps { trigger(app, cause: .manual, reason: .manual, source: source, &actions) }
        finish(&actions)
        return actions
    }

    /// `ReportActivity` (owner only). `background` starts the grace period (ObscureInBackground obscures at
    /// once; GracePeriod 0 locks at once); `foreground` cancels it and clears background and manual obscures.
    public mutating func reportActivity(_ app: AppID, _ activity: Activity, caller: String,
                                        now: AgentTime) throws(ManagerError) -> [AgentAction] {
        let e = try entry(app, ownedBy: caller)
        var actions: [AgentAction] = []
        switch activity {
        case .foreground:
            setBackground(app, since: nil, triggered: false)
            clearCauses([.background, .manual], of: app, reason: .foreground, source: ManagerMethod.reportActivity.name, &actions)
        case .background:
            if e.backgroundSince == nil {
                startBackground(app, now: now, &actions)
            }
        }
        finish(&actions)
        return actions
    }

    mutating func startBackground(_ app: AppID, now: AgentTime, _ actions: inout [AgentAction]) {
        setBackground(app, since: now.boot, triggered: false)
        if let e = apps[app], !e.inhibited && e.policy.obscureInBackground {
            obscure(app, cause: .background, reason: .background, source: ManagerMethod.reportActivity.name, &actions)
        }
        expireDeadlines(now: now, &actions)
    }
}
