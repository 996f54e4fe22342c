@testable import AppLockCore

/// A valid app id from a literal (tests only).
func appID(_ s: String) -> AppID {
    do { return try AppID(s) } catch { fatalError("bad test app id \(s): \(error)") }
}

/// Seconds as Unix microseconds, counted from an arbitrary epoch-like base.
func t(_ seconds: UInt64) -> UnixMicroseconds { 1_700_000_000_000_000 + seconds * 1_000_000 }

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
