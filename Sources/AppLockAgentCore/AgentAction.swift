public import AppLockCore
public import AppLockProtocol

/// Something the agent's I/O layer must do after an input to `AgentStateMachine`.
public enum AgentAction: Equatable, Sendable {
    /// Emit StateChanged + PropertiesChanged (State, Reason) and log "locked app X reason Y source Z".
    case stateChanged(AppID, AppState, LockReason, source: String)
    /// Another property of the app changed (Inhibited, FailedAttempts, RetryAfter, HasPasscode, PasscodeKind,
    /// Registered, Policy); re-read the snapshot and emit PropertiesChanged.
    case propertiesChanged(AppID)
    /// Export the app's object; the manager's Applications property changed.
    case appAdded(AppID)
    /// Unexport the app's object; the manager's Applications property changed.
    case appRemoved(AppID)
    /// The AppLock passcode was set, changed to another kind or removed: PropertiesChanged(SharedPasscodeKind).
    case sharedPasscodeChanged
    /// Emit SessionStateChanged and PropertiesChanged(SessionState).
    case sessionStateChanged(SessionState)
    /// The screen started or stopped being shared or recorded: PropertiesChanged(ScreenShared), and a log line.
    case screenSharedChanged(Bool)
    /// Arm the grace/idle timer at this boot-clock time (`CLOCK_BOOTTIME`; nil: disarm).
    case rescheduleTimer(BootMicroseconds?)
    /// Arm the lock-out timer at this wall-clock time (nil: disarm); it only announces that a lock-out ended.
    case rescheduleLockoutTimer(UnixMicroseconds?)
    /// Write `lockoutLedger.encoded()` to disk.
    case persistLedger
    /// Write `missedAttempts.encoded()` to disk.
    case persistMissedAttempts
    /// The app was unlocked after failed attempts: tell the user once what was missed (the record is cleared).
    case missedAttemptsReported(AppID, MissedAttemptLog.Record)
    /// Release logind's sleep delay inhibitor (always the last action of `prepareForSleep(true)`).
    case releaseSleepInhibitor
    /// Take a new sleep delay inhibitor (the last action of `prepareForSleep(false)`).
    case acquireSleepInhibitor
    /// A lock arrived, or the caller left, while polkit was still checking: cancel the check
    /// (`CancelCheckAuthorization`) and answer the caller `Interrupted`; polkit's late answer is ignored.
    case cancelSystemAuthentication(SystemAuthTicket)
    /// What the passcode custody decided: records to write, authenticated policies to read, seal or delete, keys to
    /// keep or drop, notices (never ``CustodyAction/applyPolicies(_:)``, which the machine applies itself).
    case custody(CustodyAction)
}
