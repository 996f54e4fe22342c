import AppLockClient
import Glibc
import Translation

/// Times as applockctl prints them, formatted with the C library (strftime, the local time zone), not Foundation.
enum TimeText {
    /// `2025-11-22 14:03:07.123`, local time, for a time in Unix microseconds (now by default).
    static func timestamp(unixMicroseconds: UInt64 = AppLockStatus.currentUnixMicroseconds()) -> String {
        format(unixMicroseconds, "%Y-%m-%d %H:%M:%S", utc: false)
    }

    /// `2025-11-22T13:03:07.123Z`: the same moment in UTC, ISO 8601 with milliseconds, for JSON.
    static func iso8601(unixMicroseconds: UInt64) -> String {
        format(unixMicroseconds, "%Y-%m-%dT%H:%M:%S", utc: true) + "Z"
    }

    /// A deadline in Unix microseconds, in the locale's date and time format, with how far away it is:
    /// `11/22/2025 02:03:07 PM (in 42 s)`, `22.11.2025 14:03:07 (in 42 s)`.
    static func deadline(unixMicroseconds: UInt64) -> String {
        let now = AppLockStatus.currentUnixMicroseconds()
        let text = LocalTime.format(unixSeconds: Int(unixMicroseconds / 1_000_000), .dateAndTime)
        guard unixMicroseconds > now else { return text }
        // TRANSLATORS: a deadline and how far away it is, e.g. "22.11.2025 14:03:07 (in 42 s)".
        return L("%1$s (in %2$d s)", text, Int((unixMicroseconds - now + 999_999) / 1_000_000))
    }

    private static func format(_ unixMicroseconds: UInt64, _ pattern: String, utc: Bool) -> String {
        var seconds = time_t(unixMicroseconds / 1_000_000)
        var parts = tm()
        _ = utc ? gmtime_r(&seconds, &parts) : localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, pattern, &parts)
        let milliseconds = String(unixMicroseconds / 1000 % 1000)
        let text = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text + "." + String(repeating: "0", count: 3 - milliseconds.count) + milliseconds
    }
}
