extension DBusValue {
    /// The string of a `.string` value.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    public var byteValue: UInt8? {
        if case .byte(let value) = self { return value }
        return nil
    }

    public var int32Value: Int32? {
        if case .int32(let value) = self { return value }
        return nil
    }

    public var uint32Value: UInt32? {
        if case .uint32(let value) = self { return value }
        return nil
    }

    public var int64Value: Int64? {
        if case .int64(let value) = self { return value }
        return nil
    }

    public var uint64Value: UInt64? {
        if case .uint64(let value) = self { return value }
        return nil
    }

    public var doubleValue: Double? {
        if case .double(let value) = self { return value }
        return nil
    }

    public var objectPathValue: ObjectPath? {
        if case .objectPath(let value) = self { return value }
        return nil
    }

    public var signatureValue: Signature? {
        if case .signature(let value) = self { return value }
        return nil
    }

    public var unixFDValue: UnixFileDescriptor? {
        if case .unixFD(let value) = self { return value }
        return nil
    }

    /// The items of an `.array` value.
    public var arrayValue: [DBusValue]? {
        if case .array(_, let items) = self { return items }
        return nil
    }

    /// The fields of a `.structure` value.
    public var structureValue: [DBusValue]? {
        if case .structure(let fields) = self { return fields }
        return nil
    }

    /// The content of a `.variant` (one level unwrapped).
    public var variantValue: DBusValue? {
        if case .variant(let value) = self { return value }
        return nil
    }

    /// The value with every enclosing variant removed.
    public var unwrappingVariants: DBusValue {
        var value = self
        while case .variant(let inner) = value { value = inner }
        return value
    }

    /// The entries of a `.dictionary` value, in order.
    public var dictionaryValue: [(DBusValue, DBusValue)]? {
        if case .dictionary(_, _, let entries) = self { return entries.map { ($0.key, $0.value) } }
        return nil
    }

    /// The value for string `key` in an `a{s…}` dictionary (variants are not unwrapped).
    public subscript(key: String) -> DBusValue? {
        guard case .dictionary(_, _, let entries) = self else { return nil }
        return entries.first { $0.key.stringValue == key }?.value
    }

    /// `as`
    public static func stringArray(_ strings: [String]) -> DBusValue {
        .array(element: Signature(unchecked: "s"), strings.map { .string($0) })
    }

    /// `ao`
    public static func objectPathArray(_ paths: [ObjectPath]) -> DBusValue {
        .array(element: Signature(unchecked: "o"), paths.map { .objectPath($0) })
    }

    /// `a{sv}`; each value is wrapped in a variant.
    public static func stringVariantDictionary(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .dictionary(
            key: Signature(unchecked: "s"), value: Signature(unchecked: "v"),
            pairs.map { DictionaryEntry(key: .string($0.0), value: .variant($0.1)) }
        )
    }

    /// `a{sv}` with no entries.
    public static var emptyStringVariantDictionary: DBusValue { stringVariantDictionary([]) }
}
