public import AppLockCore
public import AppLockProtocol

extension AgentStateMachine {
    /// Longest inhibit reason accepted, in bytes.
    public static let maxInhibitReasonBytes = 1024

    /// `Inhibit` (owner only, when the policy allows): while held, no trigger but suspend, shutdown and a
    /// manual Lock touches the app.
    public mutating func inhibit(_ app: AppID, reason: String, caller: String,
                                 now: AgentTime) throws(ManagerError) -> (cookie: UInt32, actions: [AgentAction]) {
        let e = try entry(app, ownedBy: caller)
        guard e.policy.allowInhibit else { throw .inhibitNotAllowed }
        guard reason.utf8.count <= Self.maxInhibitReasonBytes else {
            throw .invalidArgument("the inhibit reason must be at most \(Self.maxInhibitReasonBytes) bytes")
        }
        guard e.inhibitorCookies.count < Limits.maxInhibitorsPerApp else {
            throw .limitExceeded("an application may hold at most \(Limits.maxInhibitorsPerApp) inhibitors")
        }
        while nextCookie == 0 || inhibitors[nextCookie] != nil { nextCookie &+= 1 }
        let cookie = nextCookie
        nextCookie &+= 1
        inhibitors[cookie] = Inhibitor(app: app, owner: caller, reason: reason)
        update(app) { $0.inhibitorCookies.insert(cookie) }
        var actions: [AgentAction] = []
        if !e.inhibited { actions.append(.propertiesChanged(app)) }
        finish(&actions)
        return (cookie, actions)
    }

    /// `Uninhibit` (the holder only). When the app's last inhibitor goes, the session conditions still in
    /// force apply to it, and a background spell starts its grace period again.
    public mutating func uninhibit(cookie: UInt32, caller: String, now: AgentTime) throws(ManagerError) -> [AgentAction] {
        guard let inh = inhibitors[cookie] else { throw .invalidArgument("no inhibitor has cookie \(cookie)") }
        guard inh.owner == caller else { throw .accessDenied }
        dropInhibitor(cookie)
        var actions: [AgentAction] = []
        if apps[inh.app]?.inhibited == false { releasedLastInhibitor(inh.app, now: now, source: ManagerMethod.uninhibit.name, &actions) }
        finish(&actions)
        return actions
    }

    /// The reasons of the inhibitors held on `app`, by cookie.
    public func inhibitors(of app: AppID) -> [(cookie: UInt32, owner: String, reason: String)] {
        inhibitors.filter { $0.value.app == app }.sorted { $0.key < $1.key }.map { ($0.key, $0.value.owner, $0.value.reason) }
    }

    mutating func releasedLastInhibitor(_ app: AppID, now: AgentTime, source: String, _ actions: inout [AgentAction]) {
        actions.append(.propertiesChanged(app))
        if let e = apps[app], e.backgroundSince != nil && e.backgroundTriggered {
            startBackground(app, now: now, &actions)
        }
        applyConditions(app, now: now, source: source, &actions)
    }
}
