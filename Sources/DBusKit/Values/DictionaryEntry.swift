/// One key/value pair of a D-Bus dictionary (`a{kv}`).
public struct DictionaryEntry: Sendable, Equatable {
    public var key: DBusValue
    public var value: DBusValue

    public init(key: DBusValue, value: DBusValue) {
        self.key = key
        self.value = value
    }
}
