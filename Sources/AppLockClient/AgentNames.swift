import DBusKit

/// The agent's D-Bus names (SPEC "D-Bus names").
enum AgentNames {
    static let busName = "io.github.applock.AppLock1"
    static let managerPath = "/io/github/applock/AppLock1"
    static let managerInterface = "io.github.applock.AppLock1.Manager"
    static let applicationInterface = "io.github.applock.AppLock1.Application"
    static let applicationPathPrefix = "/io/github/applock/AppLock1/app/"
    static let errorPrefix = "io.github.applock.AppLock1.Error."
    static let propertiesInterface = "org.freedesktop.DBus.Properties"

    /// The manager object's path.
    static var manager: ObjectPath {
        // A constant, valid path.
        try! ObjectPath(managerPath)
    }

    /// `/io/github/applock/AppLock1/app/<label>`: every byte outside `[A-Za-z0-9]` becomes `_` and two lowercase
    /// hex digits.
    static func applicationPath(for appID: String) -> ObjectPath {
        let hex = Array("0123456789abcdef".utf8)
        var label: [UInt8] = []
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
        // The label is made only of [A-Za-z0-9_], so the path is valid for any non-empty id.
        return try! ObjectPath(applicationPathPrefix + String(decoding: label, as: UTF8.self))
    }
}
