/// An object exported with ``Connection/export(_:at:)``: the interfaces it implements
/// (the standard Introspectable, Properties and Peer interfaces are added by the connection).
public protocol ExportedObject: AnyObject {
    var interfaces: [ExportedInterface] { get }
}
