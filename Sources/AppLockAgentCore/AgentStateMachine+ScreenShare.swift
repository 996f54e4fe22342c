public import AppLockCore
import AppLockProtocol

extension AgentStateMachine {
    /// Longest source name a screen-share report may give, in bytes.
    public static let maxScreenShareSourceBytes = 64

    /// Whether some connection says the screen is being shared or recorded.
    public var screenShared: Bool { !screenSharers.isEmpty }

    /// `ReportScreenShare`: the connection `reporter` says whether the screen is being shared or recorded; `source`
    /// names what it watched (`gnome-shell`, `pipewire`), for the log. The screen counts as shared while any
    /// connection says so: one connection's "ended" withdraws only its own report, and a connection's report ends
    /// when it leaves the bus. When sharing starts, every app not inhibited whose `LockOnScreenShare` is `obscure`
    /// becomes `obscured` and every one with `lock` is locked (an app without a passcode is obscured), reason
    /// `screen-share`. When it ends, only the obscures sharing caused clear (reason `unlock`): nothing is unlocked.
    public mutating func screenShare(_ sharing: Bool, reporter: String, source: String,
                                     now: AgentTime) throws(ManagerError) -> [AgentAction] {
        guard !source.isEmpty, source.utf8.count <= Self.maxScreenShareSourceBytes,
              source.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .invalidArgument(
                "the source must be 1 to \(Self.maxScreenShareSourceBytes) printable ASCII characters without spaces")
        }
        var actions: [AgentAction] = []
        if sharing {
            let started = screenSharers.isEmpty
            screenSharers[reporter] = source
            if started {
                actions.append(.screenSharedChanged(true))
                for app in knownApps where apps[app]?.inhibited == false {
                    applyScreenShare(app, source: source, &actions)
                }
            }
        } else {
            withdrawScreenShare(of: reporter, source: source, &actions)
        }
        finish(&actions)
        return actions
    }

    /// Ends the report of `reporter` (it said sharing ended, or left the bus); when it was the last, the obscures
    /// sharing caused clear.
    mutating func withdrawScreenShare(of reporter: String, source: String, _ actions: inout [AgentAction]) {
        guard screenSharers.removeValue(forKey: reporter) != nil, screenSharers.isEmpty else { return }
        actions.append(.screenSharedChanged(false))
        for app in knownApps { clearCauses([.screenShare], of: app, reason: .unlock, source: source, &actions) }
    }

    /// Applies screen sharing to `app` as its `LockOnScreenShare` says (the caller checks inhibitors).
    mutating func applyScreenShare(_ app: AppID, source: String, _ actions: inout [AgentAction]) {
        switch apps[app]?.policy.lockOnScreenShare {
        case .obscure?: obscure(app, cause: .screenShare, reason: .screenShare, source: source, &actions)
        case .lock?: trigger(app, cause: .screenShare, reason: .screenShare, source: source, &actions)
        case .off?, nil: break
        }
    }

    /// The `LockOnScreenShare` of `app` changed while the screen may be shared: the new rule applies at once (`off`
    /// clears the obscure sharing caused; a lock it caused stays until the app is unlocked).
    mutating func screenShareRuleChanged(_ app: AppID, _ actions: inout [AgentAction]) {
        guard let e = apps[app], screenShared else { return }
        if e.policy.lockOnScreenShare == .off {
            clearCauses([.screenShare], of: app, reason: .unlock, source: "policy", &actions)
        } else if !e.inhibited {
            applyScreenShare(app, source: "policy", &actions)
        }
    }
}
