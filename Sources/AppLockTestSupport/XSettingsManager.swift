import Foundation

/// The XSETTINGS manager a test started (``XDisplay/serveXSettings(_:_:)``): it publishes a new value of its setting
/// as a settings daemon does when the user changes it (GNOME's Large Text turned on or off).
public struct XSettingsManager: Sendable {
    let values: URL
    let log: URL

    /// Publishes `value` in place of the last one; returns once the X server has it.
    public func publish(_ value: Int32) throws {
        let published = CommandRunner.readText(log).components(separatedBy: "published \(value)\n").count
        guard let fifo = FileHandle(forWritingAtPath: values.path) else {
            throw TestSupportError("cannot open the XSETTINGS manager's FIFO \(values.path)")
        }
        try fifo.write(contentsOf: Data("\(value)\n".utf8))
        try fifo.close()
        guard waitUntil(timeout: .seconds(10), {
            CommandRunner.readText(log).components(separatedBy: "published \(value)\n").count > published
        }) else {
            throw TestSupportError("the XSETTINGS manager did not publish \(value): \(CommandRunner.readText(log))")
        }
    }
}
