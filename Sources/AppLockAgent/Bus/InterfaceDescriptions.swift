import AppLockCore

/// The introspection XML of AppLock's two interfaces, embedded at build time
/// from the files in `dbus/`, so that `Introspect` serves them as they are on disk.
enum InterfaceDescriptions {
    static let managerName = AppLockBusNames.managerInterface
    static let applicationName = AppLockBusNames.applicationInterface

    static let manager = text(of: PackageResources.io_github_applock_AppLock1_Manager_xml)
    static let application = text(of: PackageResources.io_github_applock_AppLock1_Application_xml)

    /// The file as it is on disk, less its final newline: its leading comment and its `<interface>` element.
    static func text(of bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
