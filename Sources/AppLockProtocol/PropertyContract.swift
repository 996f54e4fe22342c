/// One read-only property of the contract: its D-Bus type and how a change is announced.
public struct PropertyContract: Sendable, Hashable {
    /// How `PropertiesChanged` announces a change (the `org.freedesktop.DBus.Property.EmitsChangedSignal` annotation).
    public enum ChangeSignal: String, Sendable, Hashable {
        /// With the new value.
        case value = "true"
        /// As invalidated, without the value.
        case invalidates
    }

    /// The D-Bus type signature.
    public let type: String
    /// How a change is announced.
    public let changeSignal: ChangeSignal

    public init(_ type: String, changeSignal: ChangeSignal = .value) {
        self.type = type
        self.changeSignal = changeSignal
    }
}
