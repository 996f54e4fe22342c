public import AppLockCore
public import AppLockProtocol

/// What the guard's driver tells its ``GuardKeeper``: what it read, what the agent answered, what the backend
/// found, and the state of its lock-window processes.
public enum GuardKeeperEvent: Sendable, Equatable {
    /// The held changes remembered on disk at start (``RememberedHeldChanges``; empty when there is no file).
    case memoryRead(RememberedHeldChanges)
    /// The memory on disk could not be read (where and why, said in the log).
    case memoryUnreadable(String)
    /// The memory was written (``GuardKeeperAction/remember(_:)``) and now holds this.
    case memoryWritten(RememberedHeldChanges)
    /// The policy files as just read (start, `PolicyReloaded`, SIGHUP).
    case policyRead(PolicySet)
    /// The shortcut that locks every protected app, as the user's `applock.conf` names it (``KeyboardShortcut/configured(_:in:default:)``:
    /// nil for none), read with the policy; or why it does not read.
    case lockAllShortcutRead(Result<KeyboardShortcut?, KeyboardShortcutError>)
    /// ``GuardCore`` took the guarded apps of ``GuardKeeper/takeRulesForCore()`` and now guards these.
    case guardedAppsApplied(Set<AppID>)
    /// The agent appeared (true) or went away.
    case agentPresence(Bool)
    /// The agent's answer to ``GuardKeeperAction/askHeldChanges(generation:)``: each app with the keys whose weakening
    /// it holds; nil when it did not answer.
    case heldChanges(generation: Int, [AppID: [String]]?)
    /// The agent's answer to ``GuardKeeperAction/askHeldPolicy(_:generation:)``; nil when it did not answer.
    case heldPolicy(AppID, generation: Int, HeldPolicy?)
    /// The backend's finding: whether the desktop's side answers.
    case readiness(GuardReadiness)
    /// The time of ``GuardKeeperAction/wakeAt(_:)`` came.
    case woke
    /// ``GuardCore`` wants a lock window ready ahead for `wanted`; `running` have one started ahead, `shown` have one
    /// shown.
    case lockWindowsAhead(wanted: Set<AppID>, running: Set<AppID>, shown: Set<AppID>)
    /// A lock window was needed but its executable (this path, when known) is missing.
    case lockWindowMissing(String?)
}
