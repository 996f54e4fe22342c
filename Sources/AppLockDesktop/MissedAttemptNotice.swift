public import AppLockCore
import Glibc
import Translation

/// What the user is told, once, at the first successful unlock after failed attempts: "2 failed attempts since you
/// last unlocked Notes — 14:02, 14:03". The app by its desktop entry's name, the count, the local times (`HH:MM`) of
/// the first few attempts kept, then "and N more"; never anything typed.
public enum MissedAttemptNotice {
    /// How many times the sentence lists before "and N more".
    public static let listedTimes = 3

    /// The sentence for `record` of the app called `appName`; `timeOfDay` turns an attempt's time into `HH:MM`.
    public static func sentence(
        _ record: MissedAttemptLog.Record, appName: String,
        timeOfDay: (UnixMicroseconds) -> String = localTimeOfDay
    ) -> String {
        let count = Int(record.count)
        let summary = N("%1$d failed attempt since you last unlocked %2$s", "%1$d failed attempts since you last unlocked %2$s", count, count, appName)
        let listed = record.attempts.prefix(listedTimes).map { timeOfDay($0.time) }
        guard !listed.isEmpty else { return summary }
        let more = count - listed.count
        // TRANSLATORS: %1$s is a list of times ("14:02, 14:03, 14:05"), %2$d how many more attempts were made.
        let times = more > 0 ? N("%1$s and %2$d more", "%1$s and %2$d more", more, listed.joined(separator: ", "), more) : listed.joined(separator: ", ")
        return summary + " — " + times
    }

    /// The notification carrying ``sentence(_:appName:timeOfDay:)``.
    public static func notification(_ record: MissedAttemptLog.Record, appName: String) -> DesktopNotification {
        DesktopNotification(
            summary: sentence(record, appName: appName),
            body: L("Someone tried to unlock %1$s while it was locked.", appName), urgency: .normal)
    }

    /// `time` to the minute in the locale's format and the process's time zone (`14:03`, `2:03 PM`).
    public static func localTimeOfDay(_ time: UnixMicroseconds) -> String {
        LocalTime.format(unixSeconds: Int(time / 1_000_000), .hoursAndMinutes)
    }
}
