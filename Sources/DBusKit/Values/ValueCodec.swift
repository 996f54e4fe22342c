import CDBus

/// Reads and writes ``DBusValue``s with `DBusMessageIter` (no variadic libdbus calls).
enum ValueCodec {
    private static func code(_ ascii: Unicode.Scalar) -> Int32 { Int32(ascii.value) }

    // MARK: Decoding

    /// Decodes every argument of `message`.
    static func decodeArguments(of message: OpaquePointer) throws(DBusConnectionError) -> [DBusValue] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            values.append(try decode(&iter))
        } while dbus_message_iter_next(&iter) != 0
        return values
    }

    /// The first argument when it is a string (or object path), without decoding the rest.
    static func firstString(of message: OpaquePointer) -> UnsafePointer<CChar>? {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return nil }
        let type = dbus_message_iter_get_arg_type(&iter)
        guard type == code("s") || type == code("o") else { return nil }
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iter, &pointer)
        return pointer
    }

    /// The first `count` arguments when they are all strings, without decoding what follows them.
    static func leadingStrings(of message: OpaquePointer, count: Int) -> [String]? {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return count == 0 ? [] : nil }
        var strings: [String] = []
        while strings.count < count {
            guard dbus_message_iter_get_arg_type(&iter) == code("s") else { return nil }
            strings.append(string(&iter))
            if strings.count < count, dbus_message_iter_next(&iter) == 0 { return nil }
        }
        return strings
    }

    private static func basic<T>(_ iter: inout DBusMessageIter, _ initial: T) -> T {
        var value = initial
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(&iter, UnsafeMutableRawPointer($0)) }
        return value
    }

    private static func string(_ iter: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iter, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }

    private static func currentSignature(_ iter: inout DBusMessageIter) -> String {
        guard let pointer = dbus_message_iter_get_signature(&iter) else { return "" }
        defer { dbus_free(pointer) }
        return String(cString: pointer)
    }

    static func decode(_ iter: inout DBusMessageIter) throws(DBusConnectionError) -> DBusValue {
        let type = dbus_message_iter_get_arg_type(&iter)
        switch type {
        case code("y"): return .byte(basic(&iter, UInt8(0)))
        case code("b"): return .boolean(basic(&iter, dbus_bool_t(0)) != 0)
        case code("n"): return .int16(basic(&iter, Int16(0)))
        case code("q"): return .uint16(basic(&iter, UInt16(0)))
        case code("i"): return .int32(basic(&iter, Int32(0)))
        case code("u"): return .uint32(basic(&iter, UInt32(0)))
        case code("x"): return .int64(basic(&iter, Int64(0)))
        case code("t"): return .uint64(basic(&iter, UInt64(0)))
        case code("d"): return .double(basic(&iter, Double(0)))
        case code("s"): return .string(string(&iter))
        case code("o"): return .objectPath(ObjectPath(unchecked: string(&iter)))
        case code("g"): return .signature(Signature(unchecked: string(&iter)))
        case code("h"):
            let fd = basic(&iter, Int32(-1))
            guard fd >= 0 else { throw .invalidValue("unix fd could not be received") }
            return .unixFD(UnixFileDescriptor(takingOwnership: fd))
        case code("v"):
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .variant(try decode(&sub))
        case code("r"):
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            var fields: [DBusValue] = []
            while dbus_message_iter_get_arg_type(&sub) != 0 {
                fields.append(try decode(&sub))
                _ = dbus_message_iter_next(&sub)
            }
            return .structure(fields)
        case code("a"):
            return try decodeArray(&iter)
        default:
            throw .invalidValue("unexpected type code \(type)")
        }
    }

    private static func decodeArray(_ iter: inout DBusMessageIter) throws(DBusConnectionError) -> DBusValue {
        var full = currentSignature(&iter)
        full.removeFirst()
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        if dbus_message_iter_get_element_type(&iter) == code("e") {
            let inner = full.utf8.dropFirst().dropLast()
            let keySignature = Signature(unchecked: String(Substring(inner.prefix(1))))
            let valueSignature = Signature(unchecked: String(Substring(inner.dropFirst())))
            var entries: [DictionaryEntry] = []
            while dbus_message_iter_get_arg_type(&sub) != 0 {
                var entry = DBusMessageIter()
                dbus_message_iter_recurse(&sub, &entry)
                let key = try decode(&entry)
                _ = dbus_message_iter_next(&entry)
                let value = try decode(&entry)
                entries.append(DictionaryEntry(key: key, value: value))
                _ = dbus_message_iter_next(&sub)
            }
            return .dictionary(key: keySignature, value: valueSignature, entries)
        }
        var items: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&sub) != 0 {
            items.append(try decode(&sub))
            _ = dbus_message_iter_next(&sub)
        }
        return .array(element: Signature(unchecked: full), items)
    }

    // MARK: Encoding

    /// Appends `values` to `message`'s body. On failure the message body may be partly written.
    static func append(_ values: [DBusValue], to message: OpaquePointer) throws(DBusConnectionError) {
        guard !values.isEmpty else { return }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        for value in values { try encode(value, into: &iter) }
    }

    /// Appends one variant holding `value` (a `Properties.Get` reply) without boxing it in a `DBusValue.variant`.
    static func appendVariant(_ value: DBusValue, to message: OpaquePointer) throws(DBusConnectionError) {
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        try encodeVariant(value, into: &iter, depth: 0)
    }

    private static func encodeVariant(
        _ inner: DBusValue, into iter: inout DBusMessageIter, depth: Int
    ) throws(DBusConnectionError) {
        let signature = inner.signature.rawValue
        guard signature.utf8.count <= 255 else { throw .invalidValue("variant signature too long") }
        try container(&iter, code("v"), signature) { (sub: inout DBusMessageIter) throws(DBusConnectionError) in
            try encode(inner, into: &sub, depth: depth + 1)
        }
    }

    private static func appendBasic<T>(_ iter: inout DBusMessageIter, _ type: Int32, _ value: T) throws(DBusConnectionError) {
        var copy = value
        let ok = withUnsafePointer(to: &copy) { dbus_message_iter_append_basic(&iter, type, UnsafeRawPointer($0)) }
        guard ok != 0 else { throw .invalidValue("out of memory") }
    }

    private static func appendString(_ iter: inout DBusMessageIter, _ type: Int32, _ string: String) throws(DBusConnectionError) {
        if string.utf8.contains(0) { throw .invalidValue("string contains a NUL byte") }
        let ok = string.withCString { pointer -> dbus_bool_t in
            var cString: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iter, type, &cString)
        }
        guard ok != 0 else { throw .invalidValue("out of memory") }
    }

    private static func container(
        _ iter: inout DBusMessageIter, _ type: Int32, _ signature: String?,
        _ body: (inout DBusMessageIter) throws(DBusConnectionError) -> Void
    ) throws(DBusConnectionError) {
        var sub = DBusMessageIter()
        let opened: dbus_bool_t
        if let signature {
            opened = signature.withCString { dbus_message_iter_open_container(&iter, type, $0, &sub) }
        } else {
            opened = dbus_message_iter_open_container(&iter, type, nil, &sub)
        }
        guard opened != 0 else { throw .invalidValue("out of memory") }
        do {
            try body(&sub)
        } catch {
            dbus_message_iter_abandon_container(&iter, &sub)
            throw error
        }
        guard dbus_message_iter_close_container(&iter, &sub) != 0 else { throw .invalidValue("out of memory") }
    }

    private static func isBasicKey(_ signature: Signature) -> Bool {
        let utf8 = signature.rawValue.utf8
        guard utf8.count == 1, let c = utf8.first else { return false }
        return "ybnqiuxtdsogh".utf8.contains(c)
    }

    static func encode(_ value: DBusValue, into iter: inout DBusMessageIter, depth: Int = 0) throws(DBusConnectionError) {
        guard depth < 64 else { throw .invalidValue("nesting deeper than 64") }
        switch value {
        case .byte(let v): try appendBasic(&iter, code("y"), v)
        case .boolean(let v): try appendBasic(&iter, code("b"), dbus_bool_t(v ? 1 : 0))
        case .int16(let v): try appendBasic(&iter, code("n"), v)
        case .uint16(let v): try appendBasic(&iter, code("q"), v)
        case .int32(let v): try appendBasic(&iter, code("i"), v)
        case .uint32(let v): try appendBasic(&iter, code("u"), v)
        case .int64(let v): try appendBasic(&iter, code("x"), v)
        case .uint64(let v): try appendBasic(&iter, code("t"), v)
        case .double(let v): try appendBasic(&iter, code("d"), v)
        case .string(let v): try appendString(&iter, code("s"), v)
        case .objectPath(let v): try appendString(&iter, code("o"), v.rawValue)
        case .signature(let v): try appendString(&iter, code("g"), v.rawValue)
        case .unixFD(let fd):
            guard let raw = fd.rawValue else { throw .invalidValue("closed unix fd") }
            try appendBasic(&iter, code("h"), raw)
        case .variant(let inner):
            try encodeVariant(inner, into: &iter, depth: depth)
        case .structure(let fields):
            guard !fields.isEmpty else { throw .invalidValue("empty structure") }
            try container(&iter, code("r"), nil) { (sub: inout DBusMessageIter) throws(DBusConnectionError) in
                for field in fields { try encode(field, into: &sub, depth: depth + 1) }
            }
        case .array(let element, let items):
            guard let first = element.rawValue.utf8.first, element.rawValue.utf8.count <= 254,
                  first != UInt8(ascii: "{"), NameValidation.isSingleCompleteType(element)
            else { throw .invalidValue("array element signature \"\(element)\"") }
            try container(&iter, code("a"), element.rawValue) { (sub: inout DBusMessageIter) throws(DBusConnectionError) in
                for item in items {
                    guard item.hasSignature(element) else {
                        throw .invalidValue("array of \(element) holds a \(item.signature)")
                    }
                    try encode(item, into: &sub, depth: depth + 1)
                }
            }
        case .dictionary(let key, let valueSignature, let entries):
            guard isBasicKey(key), NameValidation.isSingleCompleteType(valueSignature) else {
                throw .invalidValue("dictionary signature {\(key)\(valueSignature)}")
            }
            let entrySignature = "{" + key.rawValue + valueSignature.rawValue + "}"
            try container(&iter, code("a"), entrySignature) { (sub: inout DBusMessageIter) throws(DBusConnectionError) in
                for entry in entries {
                    guard entry.key.hasSignature(key), entry.value.hasSignature(valueSignature) else {
                        throw .invalidValue("dictionary \(entrySignature) holds {\(entry.key.signature)\(entry.value.signature)}")
                    }
                    try container(&sub, code("e"), nil) { (pair: inout DBusMessageIter) throws(DBusConnectionError) in
                        try encode(entry.key, into: &pair, depth: depth + 2)
                        try encode(entry.value, into: &pair, depth: depth + 2)
                    }
                }
            }
        }
    }
}
