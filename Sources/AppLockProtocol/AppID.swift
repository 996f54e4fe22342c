/// A validated desktop-file id naming an application: the desktop file's name without `.desktop`, a subfolder's `/`
/// written as `-` (`firefox-esr`, `libreoffice-writer`, `org.gnome.Evince`). Reverse-DNS is common, not required.
public struct AppID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Longest app id in bytes.
    public static let maxBytes = 255

    /// The id as given.
    public let rawValue: String

    /// Validates `s` per SPEC: 1–255 bytes of `[A-Za-z0-9._+-]`, not starting with a dot or a dash.
    public init(_ s: String) throws(AppIDError) {
        let bytes = Array(s.utf8)
        if bytes.isEmpty { throw .empty }
        if bytes.count > Self.maxBytes { throw .tooLong(bytes: bytes.count) }
        for scalar in s.unicodeScalars where !(scalar.isASCII && Self.isIDByte(UInt8(scalar.value))) {
            throw .invalidCharacter(Character(scalar))
        }
        if bytes[0] == UInt8(ascii: ".") { throw .startsWithDot }
        if bytes[0] == UInt8(ascii: "-") { throw .startsWithDash }
        rawValue = s
    }

    /// The object-path element for this id: every byte not `[A-Za-z0-9]` becomes `_` + two lowercase hex digits.
    public var objectPathLabel: String {
        AppLockBusNames.objectPathLabel(of: rawValue)
    }

    /// Decodes an object-path label made by `objectPathLabel`; nil if it is malformed or not a valid id.
    public init?(objectPathLabel label: String) {
        var out: [UInt8] = []
        var bytes = label.utf8.makeIterator()
        while let b = bytes.next() {
            if b == UInt8(ascii: "_") {
                guard let h = bytes.next(), let l = bytes.next(),
                      let hv = Self.lowerHexValue(h), let lv = Self.lowerHexValue(l) else { return nil }
                let decoded = hv << 4 | lv
                if Self.isAlphanumeric(decoded) { return nil }
                out.append(decoded)
            } else if Self.isAlphanumeric(b) {
                out.append(b)
            } else {
                return nil
            }
        }
        guard let id = try? AppID(String(decoding: out, as: UTF8.self)) else { return nil }
        self = id
    }

    public var description: String { rawValue }

    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.rawValue < rhs.rawValue }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }

    private static func isIDByte(_ b: UInt8) -> Bool {
        isAlphanumeric(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "+")
    }

    private static func lowerHexValue(_ b: UInt8) -> UInt8? {
        if isDigit(b) { return b - UInt8(ascii: "0") }
        if b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f") { return b - UInt8(ascii: "a") + 10 }
        return nil
    }
}
