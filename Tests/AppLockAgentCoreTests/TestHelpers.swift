@testable import AppLockAgentCore
@testable import AppLockCore
import AppLockProtocol

/// A valid app id from a literal (tests only).
func appID(_ s: String) -> AppID {
    do { return try AppID(s) } catch { fatalError("bad test app id \(s): \(error)") }
}

/// Seconds as Unix microseconds, counted from an arbitrary epoch-like base.
func t(_ seconds: UInt64) -> UnixMicroseconds { 1_700_000_000_000_000 + seconds * 1_000_000 }

/// `seconds` after the tests' epoch on both clocks (boot time and the wall clock read the same number, so that a
/// deadline or a lock-out end is `t(…)` whichever clock it is on); ``at(wall:boot:)`` sets them apart.
func t(_ seconds: UInt64) -> AgentTime { AgentTime(wall: t(seconds), boot: t(seconds)) }

/// The two clocks set apart: `wall` and `boot` seconds after the tests' epoch.
func at(wall: UInt64, boot: UInt64) -> AgentTime { AgentTime(wall: t(wall), boot: t(boot)) }

/// The state changes in `actions`, as (app, state, reason).
func stateChanges(_ actions: [AgentAction]) -> [(String, AppState, LockReason)] {
    actions.compactMap {
        if case .stateChanged(let app, let state, let reason, _) = $0 { return (app.rawValue, state, reason) }
        return nil
    }
}

func stateChangeStrings(_ actions: [AgentAction]) -> [String] {
    stateChanges(actions).map { "\($0.0) \($0.1.rawValue) \($0.2.rawValue)" }
}
