import AppLockCore
import AppLockProtocol
import Foundation

/// The attempts an app missed, as applockctl says them: "2 failed attempts since you last unlocked Notes — 14:02, 14:03".
enum MissedAttemptText {
    /// One sentence; the times are local `HH:mm` of the attempts kept (the newest when more failed).
    static func sentence(_ record: MissedAttemptLog.Record, app: AppID) -> String {
        guard record.count > 0 else { return "no failed attempts since you last unlocked \(app)" }
        let noun = record.count == 1 ? "failed attempt" : "failed attempts"
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm"
        let times = record.attempts.map { formatter.string(from: Date(timeIntervalSince1970: Double($0.time) / 1_000_000)) }
        let newest = record.attempts.count < record.count ? " (the last \(record.attempts.count))" : ""
        return "\(record.count) \(noun) since you last unlocked \(app)" + (times.isEmpty ? "" : " — " + times.joined(separator: ", ") + newest)
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
