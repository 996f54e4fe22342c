/// The desktop-file id rule of the SPEC, checked before anything is sent.
enum AppIDCheck {
    /// Nil when `appID` is valid, else why not.
    static func problem(with appID: String) -> String? {
        let bytes = Array(appID.utf8)
        guard (1...255).contains(bytes.count) else { return "an app id has 1 to 255 bytes" }
        guard let first = bytes.first, first != UInt8(ascii: "."), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return "an app id does not start with a digit or a dot" }
        let elements = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard elements.count >= 2 else { return "an app id has at least two elements separated by dots" }
        for element in elements {
            guard !element.isEmpty else { return "an app id has no empty element" }
            for byte in element {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    continue
                default:
                    return "an app id is made of [A-Za-z0-9_-] elements separated by dots"
                }
            }
        }
        return nil
    }
}
