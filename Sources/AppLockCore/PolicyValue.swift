/// A typed policy value, as the agent turns it into a D-Bus variant.
public enum PolicyValue: Hashable, Sendable {
    case bool(Bool)
    case uint32(UInt32)
    case string(String)
    case stringArray([String])
    case uint32Array([UInt32])
}
