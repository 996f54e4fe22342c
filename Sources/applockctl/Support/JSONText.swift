import AppLockProtocol

/// JSON text for what applockctl prints: dictionaries with string keys (sorted), arrays, strings, booleans and
/// integers. Written here rather than with Foundation's JSONSerialization, which would link Foundation and its ICU
/// data (about 40 MB) into applockctl.
enum JSONText {
    /// `value` as JSON: indented by two spaces per level, or compact on one line.
    static func render(_ value: Any, pretty: Bool) -> String {
        var out = ""
        write(value, pretty: pretty, depth: 0, into: &out)
        return out
    }

    private static func write(_ value: Any, pretty: Bool, depth: Int, into out: inout String) {
        switch value {
        case let flag as Bool: out += flag ? "true" : "false"
        case let number as Int: out += String(number)
        case let number as UInt64: out += String(number)
        case let number as UInt32: out += String(number)
        case let number as Int32: out += String(number)
        case let text as String: out += JSONString.quoted(text)
        case let object as [String: Any]:
            let keys = object.keys.sorted()
            items(keys.count, open: "{", close: "}", pretty: pretty, depth: depth, into: &out) { index, out in
                out += JSONString.quoted(keys[index])
                out += pretty ? " : " : ":"
                write(object[keys[index]]!, pretty: pretty, depth: depth + 1, into: &out)
            }
        case let array as [Any]:
            items(array.count, open: "[", close: "]", pretty: pretty, depth: depth, into: &out) { index, out in
                write(array[index], pretty: pretty, depth: depth + 1, into: &out)
            }
        default: out += JSONString.quoted(String(describing: value))
        }
    }

    private static func items(
        _ count: Int, open: String, close: String, pretty: Bool, depth: Int, into out: inout String,
        _ item: (Int, inout String) -> Void
    ) {
        guard count > 0 else {
            out += open + close
            return
        }
        out += open
        for index in 0..<count {
            if index > 0 { out += "," }
            if pretty { out += "\n" + String(repeating: "  ", count: depth + 1) }
            item(index, &out)
        }
        if pretty { out += "\n" + String(repeating: "  ", count: depth) }
        out += close
    }
}
