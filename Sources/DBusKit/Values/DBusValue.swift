/// A typed D-Bus value, as carried in message bodies.
public enum DBusValue: Sendable, Equatable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(ObjectPath)
    case signature(Signature)
    case unixFD(UnixFileDescriptor)
    /// `a<element>`; every item must have signature `element`.
    case array(element: Signature, [DBusValue])
    /// `a{<key><value>}`; `key` must be a basic type.
    case dictionary(key: Signature, value: Signature, [DictionaryEntry])
    /// `(...)`; must hold at least one field.
    case structure([DBusValue])
    /// `v`
    indirect case variant(DBusValue)

    /// The D-Bus type signature of this value.
    public var signature: Signature {
        if let code = basicTypeCode { return Signature(unchecked: String(UnicodeScalar(code))) }
        var text = ""
        appendSignature(to: &text)
        return Signature(unchecked: text)
    }

    /// The type code for basic types and variants, nil for containers.
    var basicTypeCode: UInt8? {
        switch self {
        case .byte: UInt8(ascii: "y")
        case .boolean: UInt8(ascii: "b")
        case .int16: UInt8(ascii: "n")
        case .uint16: UInt8(ascii: "q")
        case .int32: UInt8(ascii: "i")
        case .uint32: UInt8(ascii: "u")
        case .int64: UInt8(ascii: "x")
        case .uint64: UInt8(ascii: "t")
        case .double: UInt8(ascii: "d")
        case .string: UInt8(ascii: "s")
        case .objectPath: UInt8(ascii: "o")
        case .signature: UInt8(ascii: "g")
        case .unixFD: UInt8(ascii: "h")
        case .variant: UInt8(ascii: "v")
        case .array, .dictionary, .structure: nil
        }
    }

    func appendSignature(to text: inout String) {
        if let code = basicTypeCode {
            text.unicodeScalars.append(UnicodeScalar(code))
            return
        }
        switch self {
        case .array(let element, _):
            text += "a"
            text += element.rawValue
        case .dictionary(let key, let value, _):
            text += "a{"
            text += key.rawValue
            text += value.rawValue
            text += "}"
        case .structure(let fields):
            text += "("
            for field in fields { field.appendSignature(to: &text) }
            text += ")"
        default:
            break
        }
    }

    /// True when this value's signature is `signature` (cheap for basic types).
    func hasSignature(_ signature: Signature) -> Bool {
        if let code = basicTypeCode {
            let utf8 = signature.rawValue.utf8
            return utf8.count == 1 && utf8.first == code
        }
        return self.signature == signature
    }
}
