#if canImport(Glibc)
internal import Glibc
#endif

/// Times as the user's locale writes them (`LC_TIME`, chosen by ``Translation/start()``), formatted by the C library's
/// `strftime` in the local time zone, as `date` and GNOME's own clock in that language do: `14:03:07` in German,
/// `02:03:07 PM` in American English.
public enum LocalTime {
    /// How much of a moment is shown.
    public enum Style: Sendable {
        /// The time of day with seconds (`%X`).
        case timeOfDay
        /// The time of day to the minute: the locale's time format without its seconds.
        case hoursAndMinutes
        /// The date and the time of day with seconds (`%x %X`).
        case dateAndTime
    }

    /// `unixSeconds` in the local time zone and the locale's format.
    public static func format(unixSeconds: Int, _ style: Style) -> String {
        var seconds = time_t(unixSeconds)
        var moment = tm()
        guard localtime_r(&seconds, &moment) != nil else { return "?" }
        let pattern = switch style {
        case .timeOfDay: "%X"
        case .hoursAndMinutes: withoutSeconds(String(cString: nl_langinfo(nl_item(T_FMT))))
        case .dateAndTime: "%x %X"
        }
        var buffer = [CChar](repeating: 0, count: 128)
        let length = strftime(&buffer, buffer.count, pattern, &moment)
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether two moments fall on the same local calendar day.
    public static func sameDay(unixSeconds first: Int, _ second: Int) -> Bool {
        var (a, b) = (time_t(first), time_t(second))
        var (x, y) = (tm(), tm())
        guard localtime_r(&a, &x) != nil, localtime_r(&b, &y) != nil else { return false }
        return x.tm_yday == y.tm_yday && x.tm_year == y.tm_year
    }

    /// A locale's `strftime` time format (`nl_langinfo(nl_item(T_FMT))`) without its seconds: `%H:%M:%S` → `%H:%M`,
    /// `%r` → `%I:%M %p`, `%H時%M分%S秒` → `%H時%M分`.
    static func withoutSeconds(_ format: String) -> String {
        var pattern = format.replacing("%T", with: "%H:%M:%S").replacing("%r", with: "%I:%M:%S %p")
        for seconds in [":%S", ".%S", "%S秒", "%S초", " %S", "%S"] {
            pattern = pattern.replacing(seconds, with: "")
        }
        return pattern
    }
}
