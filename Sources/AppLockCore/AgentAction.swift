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
    /// Emit SessionStateChanged and PropertiesChanged(SessionState).
    case sessionStateChanged(SessionState)
    /// Arm the wall-clock timer at this absolute time (nil: disarm).
    case rescheduleTimer(UnixMicroseconds?)
    /// Write `lockoutLedger.encoded()` to disk.
    case persistLedger
    /// Release logind's sleep delay inhibitor (always the last action of `prepareForSleep(true)`).
    case releaseSleepInhibitor
    /// Take a new sleep delay inhibitor (the last action of `prepareForSleep(false)`).
    case acquireSleepInhibitor
    /// A lock arrived, or the caller left, while polkit was still checking: cancel the check
    /// (`CancelCheckAuthorization`) and answer the caller `Interrupted`; polkit's late answer is ignored.
    case cancelSystemAuthentication(SystemAuthTicket)
}
