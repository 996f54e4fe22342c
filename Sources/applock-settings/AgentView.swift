import AppLockClient
import AppLockCore
import AppLockProtocol
import AppLockSetupHelp

/// What the agent says now: each app it knows, with its properties, and its recent locks; `running` false when
/// it cannot be reached. Also what the guard says of itself (nil when no guard runs).
struct AgentView: Equatable, Sendable {
    var running = false
    var guardReport: GuardReport?
    var apps: [AppID: AppProperties] = [:]
    var recentEvents: [RecentEvent] = []
    /// The failed unlocks of each locked app since its last unlock (`GetMissedAttempts`), for apps that have some.
    var missedAttempts: [AppID: MissedAttemptLog.Record] = [:]
    /// The policy keys held per app until its passcode confirms them (`GetHeldPolicyChanges`).
    var heldPolicyChanges: [AppID: [String]] = [:]
    /// The AppLock passcode's kind (`SharedPasscodeKind`), nil while none is set.
    var sharedPasscodeKind: PasscodeKind?

    /// Whether turning protection off for `app` waits for its passcode (the agent keeps it guarded until then).
    func isUnguardingHeld(_ app: AppID) -> Bool {
        heldPolicyChanges[app]?.contains(PolicyKey.guarded.name) == true
    }
}
