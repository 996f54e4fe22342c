/// An object exported with ``Connection/export(_:at:)``: the interfaces it implements
/// (the standard Introspectable, Properties and Peer interfaces are added by the connection).
public protocol ExportedObject: AnyObject {
    var interfaces: [ExportedInterface] { get }

    /// One property for `Properties.Get`. The default looks it up in ``interfaces``; an object whose
    /// `interfaces` are built on demand can answer directly and spare the busiest call that work.
    func propertyValue(_ name: String, interface: String) -> PropertyLookup
}

/// What ``ExportedObject/propertyValue(_:interface:)`` found.
public enum PropertyLookup {
    case value(DBusValue)
    case noSuchProperty
    case noSuchInterface
}

extension ExportedObject {
    public func propertyValue(_ name: String, interface: String) -> PropertyLookup {
        guard let exported = interfaces.first(where: { $0.name == interface }) else { return .noSuchInterface }
        return exported.value(of: name).map { .value($0) } ?? .noSuchProperty
    }
}
