/// One argument of a method or signal in the AppLock D-Bus contract: its name in the XML and its D-Bus type.
public struct ProtocolArgument: Sendable, Hashable, CustomStringConvertible {
    /// The argument's name, as the introspection XML spells it (`app_id`).
    public let name: String
    /// Its D-Bus type signature (`s`, `o`, `a(sss)`).
    public let type: String

    public init(_ name: String, _ type: String) {
        self.name = name
        self.type = type
    }

    public var description: String { "\(type) \(name)" }
}
