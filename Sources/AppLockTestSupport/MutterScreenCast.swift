import DBusKit

/// A screen cast of a headless GNOME Shell's monitor through Mutter's ScreenCast D-Bus API
/// (`org.gnome.Mutter.ScreenCast` → `CreateSession` → `Session.RecordMonitor` → `Session.Start`), the path
/// xdg-desktop-portal-gnome and the Shell's own screen recorder take when the screen is shared or recorded. Mutter
/// streams the monitor to PipeWire, so the session bus's environment must have a PipeWire daemon
/// (``GnomeShellSession/startPipeWire()``). The session lives until ``stop()`` or until this object's own bus
/// connection closes.
public final class MutterScreenCast: @unchecked Sendable {
    static let service = "org.gnome.Mutter.ScreenCast"
    static let sessionInterface = "org.gnome.Mutter.ScreenCast.Session"

    private let connection: Connection
    private let session: ObjectPath

    /// Creates a session on the session bus at `sessionBusAddress`, records the primary monitor and starts it.
    public init(sessionBusAddress: String) throws {
        connection = try Connection.address(sessionBusAddress)
        let noProperties = DBusValue.dictionary(key: try Signature("s"), value: try Signature("v"), [])
        do {
            let created = try connection.call(
                destination: Self.service, path: ObjectPath("/org/gnome/Mutter/ScreenCast"),
                interface: "org.gnome.Mutter.ScreenCast", member: "CreateSession", arguments: [noProperties],
                timeout: .seconds(10))
            guard let path = created.first?.objectPathValue else {
                throw TestSupportError("ScreenCast.CreateSession answered \(created)")
            }
            session = path
            _ = try connection.call(
                destination: Self.service, path: session, interface: Self.sessionInterface, member: "RecordMonitor",
                arguments: [.string(""), noProperties], timeout: .seconds(10))
            _ = try connection.call(
                destination: Self.service, path: session, interface: Self.sessionInterface, member: "Start",
                timeout: .seconds(10))
        } catch {
            connection.close()
            throw error
        }
    }

    deinit { stop() }

    /// Stops the session, as the sharing app does when the user stops sharing.
    public func stop() {
        _ = try? connection.call(
            destination: Self.service, path: session, interface: Self.sessionInterface, member: "Stop",
            timeout: .seconds(5))
        connection.close()
    }
}
