/// The settings an X11 desktop's XSETTINGS manager publishes (gnome-settings-daemon's xsettings plugin, xsettingsd):
/// the `_XSETTINGS_SETTINGS` property of the `_XSETTINGS_Sn` selection's owner, read from its bytes; pure.
public enum XSettings {
    /// The integer setting `name` in `bytes`, nil when it is not there or the bytes are malformed.
    public static func integer(_ name: String, in bytes: [UInt8]) -> Int32? {
        guard bytes.count >= 12, bytes[0] <= 1 else { return nil }
        let bigEndian = bytes[0] == 1
        func card(_ at: Int, _ size: Int) -> UInt32? {
            guard at >= 0, at + size <= bytes.count else { return nil }
            return (0..<size).reduce(0) { $0 << 8 | UInt32(bytes[at + (bigEndian ? $1 : size - 1 - $1)]) }
        }
        func padded(_ length: Int) -> Int { (length + 3) & ~3 }
        guard let count = card(8, 4) else { return nil }
        var at = 12
        for _ in 0..<count {
            guard at + 4 <= bytes.count, let nameLength = card(at + 2, 2).map(Int.init) else { return nil }
            let type = bytes[at]
            let nameStart = at + 4
            guard nameStart + nameLength <= bytes.count else { return nil }
            let found = String(decoding: bytes[nameStart..<nameStart + nameLength], as: UTF8.self)
            let value = nameStart + padded(nameLength) + 4
            switch type {
            case 0:
                guard let integer = card(value, 4) else { return nil }
                if found == name { return Int32(bitPattern: integer) }
                at = value + 4
            case 1:
                guard let length = card(value, 4).map(Int.init) else { return nil }
                at = value + 4 + padded(length)
            case 2:
                at = value + 8
            default:
                return nil
            }
        }
        return nil
    }

    /// The desktop's text scaling (GNOME's Large Text: 1.25, 1.5…): its DPI in 1024ths over 96, from
    /// `Gdk/UnscaledDPI` (what GNOME publishes beside a window scale) or else `Xft/DPI`; 1 without either.
    public static func textScaling(in bytes: [UInt8]) -> Double {
        guard let dpi = integer("Gdk/UnscaledDPI", in: bytes) ?? integer("Xft/DPI", in: bytes), dpi > 0 else {
            return 1
        }
        return max(Double(dpi) / (96 * 1024), 1)
    }
}
