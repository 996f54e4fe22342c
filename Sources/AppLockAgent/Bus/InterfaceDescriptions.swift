import AppLockProtocol

/// The introspection XML of AppLock's two interfaces, embedded at build time from `dbus/` (the files in
/// `Interfaces/` are symbolic links to them, so there is one copy), so that `Introspect` serves them as they are on disk.
enum InterfaceDescriptions {
    static let managerName = AppLockBusNames.managerInterface
    static let applicationName = AppLockBusNames.applicationInterface

    static let manager = interfaceElement(of: PackageResources.io_github_applock_AppLock1_Manager_xml)
    static let application = interfaceElement(of: PackageResources.io_github_applock_AppLock1_Application_xml)

    /// The `<interface>` element of a `<node>` document, from its opening tag to its closing tag, as in the file;
    /// the comment before it (gdbus-codegen's documentation of the interface) stays in the file.
    static func interfaceElement(of bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let start = text.firstRange(of: "<interface "), let end = text.ranges(of: "</interface>").last
        else { preconditionFailure("an interface file in dbus/ has no <interface> element") }
        return String(text[start.lowerBound..<end.upperBound])
    }
}
