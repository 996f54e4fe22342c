/// A parsed JSON document (RFC 8259), enough to read sway's IPC answers without Foundation (the guard links the
/// Swift runtime statically and carries no Foundation).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `bytes`; throws on anything that is not one whole JSON value.
    public static func parse(_ bytes: [UInt8]) throws(SwayIPCError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw SwayIPCError("trailing bytes after JSON") }
        return value
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var int: Int? { if case .number(let n) = self, n.rounded() == n, abs(n) < 1e15 { return Int(n) } else { return nil } }
    public var array: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(SwayIPCError) -> JSONValue {
            guard depth < 256 else { throw SwayIPCError("JSON nested too deeply") }
            skipSpace()
            guard index < bytes.count else { throw SwayIPCError("JSON ends early") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: JSONValue] = [:]
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard case .string(let key) = try value(depth: depth + 1) else { throw SwayIPCError("JSON key is not a string") }
                    skipSpace()
                    try expect(":")
                    members[key] = try value(depth: depth + 1)
                    skipSpace()
                    if try next(",", or: "}") { break }
                }
                return .object(members)
            case UInt8(ascii: "["):
                index += 1
                var elements: [JSONValue] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                while true {
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    if try next(",", or: "]") { break }
                }
                return .array(elements)
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default:
                let start = index
                while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
                guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                    throw SwayIPCError("bad JSON number")
                }
                return .number(number)
            }
        }

        mutating func expect(_ character: Unicode.Scalar) throws(SwayIPCError) {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { throw SwayIPCError("JSON: expected \(character)") }
            index += 1
        }

        /// Consumes `separator` (false: more follows) or `end` (true: done).
        mutating func next(_ separator: Unicode.Scalar, or end: Unicode.Scalar) throws(SwayIPCError) -> Bool {
            guard index < bytes.count else { throw SwayIPCError("JSON ends early") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: separator) { return false }
            if byte == UInt8(ascii: end) { return true }
            throw SwayIPCError("JSON: expected \(separator) or \(end)")
        }

        mutating func literal(_ word: String) throws(SwayIPCError) {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
                throw SwayIPCError("JSON: expected \(word)")
            }
            index += expected.count
        }

        mutating func string() throws(SwayIPCError) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll(keepingCapacity: true)
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") {
                    flush()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else { run.append(byte); continue }
                flush()
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{c}")
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                          let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
                    else { throw SwayIPCError("bad JSON \\u escape") }
                    index += 4
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: scalars.append(Unicode.Scalar(escape))
                }
            }
            throw SwayIPCError("JSON string not closed")
        }
    }
}
