import Foundation

/// Times as applockctl prints them: local time with milliseconds.
enum TimeText {
    /// `2025-11-22 14:03:07.123`, local time.
    static func timestamp(_ date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return formatter.string(from: date)
    }

    /// A deadline in Unix microseconds, with how far away it is: `2025-11-22 14:03:07.123 (in 42 s)`.
    static func deadline(unixMicroseconds: UInt64) -> String {
        let date = Date(timeIntervalSince1970: Double(unixMicroseconds) / 1_000_000)
        let seconds = Int(date.timeIntervalSinceNow.rounded(.up))
        return seconds > 0 ? "\(timestamp(date)) (in \(seconds) s)" : timestamp(date)
    }
}
