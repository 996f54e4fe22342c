/// A ready-made ``ExportedObject`` that simply stores its interfaces.
public final class BasicExportedObject: ExportedObject {
    public var interfaces: [ExportedInterface]

    public init(interfaces: [ExportedInterface]) {
        self.interfaces = interfaces
    }
}
