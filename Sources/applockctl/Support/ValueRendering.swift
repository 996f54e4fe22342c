import DBusKit
import Foundation

/// Renders D-Bus values as text (keyfile style: `true`, `60,300`) or as JSON-ready Foundation values.
enum ValueRendering {
    /// Text as a policy keyfile would spell the value.
    static func text(_ value: DBusValue) -> String {
        switch value.unwrappingVariants {
        case .byte(let v): String(v)
        case .boolean(let v): v ? "true" : "false"
        case .int16(let v): String(v)
        case .uint16(let v): String(v)
        case .int32(let v): String(v)
        case .uint32(let v): String(v)
        case .int64(let v): String(v)
        case .uint64(let v): String(v)
        case .double(let v): String(v)
        case .string(let v): v
        case .objectPath(let v): v.description
        case .signature(let v): v.description
        case .unixFD(let v): v.rawValue.map { String($0) } ?? "-"
        case .array(_, let items): items.map(text).joined(separator: ",")
        case .structure(let fields): "(" + fields.map(text).joined(separator: ", ") + ")"
        case .dictionary(_, _, let entries): entries.map { "\(text($0.key))=\(text($0.value))" }.joined(separator: ",")
        case .variant(let v): text(v)
        }
    }

    /// A value for `JSONSerialization`.
    static func json(_ value: DBusValue) -> Any {
        switch value.unwrappingVariants {
        case .byte(let v): Int(v)
        case .boolean(let v): v
        case .int16(let v): Int(v)
        case .uint16(let v): Int(v)
        case .int32(let v): Int(v)
        case .uint32(let v): Int(v)
        case .int64(let v): v
        case .uint64(let v): v
        case .double(let v): v
        case .string(let v): v
        case .objectPath(let v): v.description
        case .signature(let v): v.description
        case .unixFD(let v): v.rawValue.map { Int($0) } ?? NSNull()
        case .array(_, let items): items.map(json)
        case .structure(let fields): fields.map(json)
        case .dictionary(_, _, let entries):
            if entries.allSatisfy({ $0.key.stringValue != nil }) {
                Dictionary(entries.map { ($0.key.stringValue ?? "", json($0.value)) }, uniquingKeysWith: { _, last in last })
            } else {
                entries.map { [json($0.key), json($0.value)] }
            }
        case .variant(let v): json(v)
        }
    }

    /// A D-Bus property name as a JSON key: `HasPasscode` → `hasPasscode`, `AppId` → `appId`.
    static func jsonKey(_ propertyName: String) -> String {
        guard let first = propertyName.first else { return propertyName }
        return first.lowercased() + propertyName.dropFirst()
    }
}
