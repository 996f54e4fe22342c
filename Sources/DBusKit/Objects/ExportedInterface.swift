/// Handles one incoming method call; reply now or later through the invocation.
public typealias MethodHandler = (MethodInvocation) -> Void

/// One D-Bus interface of an exported object: its introspection XML (verbatim), method handlers and properties.
public struct ExportedInterface {
    /// The interface name, e.g. `io.github.applock.AppLock1.Manager`.
    public var name: String
    /// The `<interface>` element, returned verbatim by Introspect.
    public var xml: String
    /// Handlers by member name.
    public var methods: [String: MethodHandler]
    /// Input signatures by member name. A call whose body does not match is answered `InvalidArgs` before its
    /// arguments are decoded, so a huge or deeply nested body costs nothing; members not listed are not checked.
    public var signatures: [String: String]
    /// Current property values, in order (GetAll, GetManagedObjects, Get). An object can answer Get
    /// without them through ``ExportedObject/propertyValue(_:interface:)``.
    public var properties: () -> [(String, DBusValue)]
    /// Optional Properties.Set handler; return nil on success or the error to answer.
    /// Without it every known property is read-only.
    public var setProperty: ((String, DBusValue) -> DBusError?)?

    public init(
        name: String,
        xml: String,
        methods: [String: MethodHandler] = [:],
        signatures: [String: String] = [:],
        properties: @escaping () -> [(String, DBusValue)] = { [] },
        setProperty: ((String, DBusValue) -> DBusError?)? = nil
    ) {
        self.name = name
        self.xml = xml
        self.methods = methods
        self.signatures = signatures
        self.properties = properties
        self.setProperty = setProperty
    }

    func value(of propertyName: String) -> DBusValue? {
        for (key, value) in properties() where key == propertyName { return value }
        return nil
    }
}
