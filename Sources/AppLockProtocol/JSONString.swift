/// A JSON string literal for text AppLock writes as JSON without Foundation (the guard's Poll answer, applockctl's
/// `--json`): `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or `\uXXXX`, everything else as it is
/// (UTF-8).
public enum JSONString {
    public static func quoted(_ text: String) -> String {
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
