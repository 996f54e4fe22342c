import AppLockAgentCore

/// The passcode calls the agent has in hand: operations waiting one at a time per app (two calls for one app never
/// race), the calls taken on per app, per connection and in all (beyond the bounds they are refused), and the
/// refusals since the last log line about them.
struct PasscodeCalls {
    var queues = OneAtATimePerApp<PasscodeOperation>()
    var admissions = PasscodeAdmissions()
    /// Refused calls since the last log line about them, when that line was written and when the last refusal was
    /// (monotonic ns).
    var refusals: (count: Int, lastReport: UInt64?, last: UInt64?) = (0, nil, nil)
}
