import AppLockCore
import AppLockDesktop
import AppLockProtocol
import Translation

/// The attempts an app missed, as applockctl says them: the agent's notification's sentence
/// (``MissedAttemptNotice``), "2 failed attempts since you last unlocked org.example.Notes — 14:02, 14:03".
enum MissedAttemptText {
    /// One sentence, naming the app by its id; every kept time is in the JSON form.
    static func sentence(_ record: MissedAttemptLog.Record, app: AppID) -> String {
        guard record.count > 0 else { return L("no failed attempts since you last unlocked %1$s", app) }
        return MissedAttemptNotice.sentence(record, appName: app.rawValue)
    }

    /// The JSON form: `{"count": 2, "attempts": [{"time": µs, "method": "passcode", "outcome": "wrong-passcode"}]}`.
    static func json(_ record: MissedAttemptLog.Record) -> [String: Any] {
        [
            "count": Int(record.count),
            "attempts": record.attempts.map {
                ["time": $0.time, "method": $0.method.rawValue, "outcome": $0.outcome.rawValue] as [String: Any]
            },
        ]
    }
}
