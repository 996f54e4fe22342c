public import AppLockCore
import Glibc

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
        let noun = record.count == 1 ? "failed attempt" : "failed attempts"
        let listed = record.attempts.prefix(listedTimes).map { timeOfDay($0.time) }
        let more = Int(record.count) - listed.count
        let times = listed.joined(separator: ", ") + (more > 0 && !listed.isEmpty ? " and \(more) more" : "")
        return "\(record.count) \(noun) since you last unlocked \(appName)" + (listed.isEmpty ? "" : " — " + times)
    }

    /// The notification carrying ``sentence(_:appName:timeOfDay:)``.
    public static func notification(_ record: MissedAttemptLog.Record, appName: String) -> DesktopNotification {
        DesktopNotification(
            summary: sentence(record, appName: appName),
            body: "Someone tried to unlock \(appName) while it was locked.", urgency: .normal)
    }

    /// `time` as local `HH:MM` (the process's time zone).
    public static func localTimeOfDay(_ time: UnixMicroseconds) -> String {
        var seconds = time_t(time / 1_000_000)
        var moment = tm()
        guard localtime_r(&seconds, &moment) != nil else { return "??:??" }
        return twoDigits(moment.tm_hour) + ":" + twoDigits(moment.tm_min)
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
