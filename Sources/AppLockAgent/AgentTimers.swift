import SystemKit

/// The agent's timers armed on its loop, each nil while disarmed.
struct AgentTimers {
    /// The next grace-period or idle deadline (boot clock: time in suspend counts).
    var deadline: TimerHandle?
    /// The end of the next lock-out (wall clock, where lock-out ends live).
    var lockoutEnd: TimerHandle?
    /// The next attempt at a ledger write that failed, and how long the one after it waits.
    var ledgerRetry: TimerHandle?
    var ledgerRetryDelay: Duration = .seconds(2)
    /// The pending return of free heap memory after a flood of refused calls.
    var memoryTrim: TimerHandle?
}
