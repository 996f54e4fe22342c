/// What the guard wants of the compositor's script, the `wanted` answer of ``CompositorMethod/poll``: a JSON object
/// (``json``) that the KWin script and the GNOME Shell extension read with `JSON.parse`.
public struct CompositorWanted: Sendable, Hashable {
    /// The compositor's ids of the windows to keep minimised (`hide`).
    public var hide: [String]
    /// The lock window's process, whose window is kept above everything with the focus; 0 for none (`lockPid`).
    public var lockPid: Int32
    /// The desktop ids of the apps whose notifications show only the app's name and "Locked" (`hideNotifications`).
    public var hideNotifications: [String]

    public init(hide: [String] = [], lockPid: Int32 = 0, hideNotifications: [String] = []) {
        self.hide = hide
        self.lockPid = lockPid
        self.hideNotifications = hideNotifications
    }

    /// `{"hide":[…],"lockPid":…,"hideNotifications":[…]}`, each string escaped as JSON requires.
    public var json: String {
        "{\"hide\":\(Self.array(hide)),\"lockPid\":\(lockPid),\"hideNotifications\":\(Self.array(hideNotifications))}"
    }

    private static func array(_ strings: [String]) -> String {
        "[" + strings.map(string).joined(separator: ",") + "]"
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\uXXXX`; everything else as it is (UTF-8).
    private static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
