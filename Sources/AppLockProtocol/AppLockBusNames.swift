/// The names the agent serves on the session bus (SPEC "D-Bus names"), spelled
/// in this one place for the agent, its command line, the client library and the bench.
public enum AppLockBusNames {
    public static let busName = "io.github.applock.AppLock1"
    public static let managerPath = "/io/github/applock/AppLock1"
    public static let managerInterface = "io.github.applock.AppLock1.Manager"
    public static let applicationInterface = "io.github.applock.AppLock1.Application"
    public static let applicationPathPrefix = "/io/github/applock/AppLock1/app/"
    public static let errorPrefix = "io.github.applock.AppLock1.Error."

    /// `/io/github/applock/AppLock1/app/<label>` for any app id string (valid or not).
    public static func applicationPath(for appID: String) -> String {
        applicationPathPrefix + objectPathLabel(of: appID)
    }

    /// Every byte outside `[A-Za-z0-9]` written as `_` and two lowercase hex digits.
    public static func objectPathLabel(of appID: String) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var label: [UInt8] = []
        label.reserveCapacity(appID.utf8.count * 2)
        for byte in appID.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                label.append(byte)
            default:
                label.append(UInt8(ascii: "_"))
                label.append(hex[Int(byte >> 4)])
                label.append(hex[Int(byte & 0x0f)])
            }
        }
        return String(decoding: label, as: UTF8.self)
    }
}
