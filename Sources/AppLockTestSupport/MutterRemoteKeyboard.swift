import DBusKit
import Glibc

/// A keyboard (and a pointer, ``movePointer(by:_:)``) for a headless GNOME Shell, which has no input device of its own: a session of Mutter's RemoteDesktop
/// D-Bus API (`org.gnome.Mutter.RemoteDesktop` → `CreateSession` → `Session.Start` → `NotifyKeyboardKeysym`), the
/// same path gnome-remote-desktop takes. Keys go where the Shell's keyboard focus is, as a user's would. Keyboard
/// events need no ScreenCast stream (Mutter 43 checks only that the session is started and that the caller is the
/// connection that created it), so the session lives as long as this object's own bus connection.
public final class MutterRemoteKeyboard: @unchecked Sendable {
    static let service = "org.gnome.Mutter.RemoteDesktop"
    static let sessionInterface = "org.gnome.Mutter.RemoteDesktop.Session"
    static let shiftKeysym: UInt32 = 0xFFE1
    static let returnKeysym: UInt32 = 0xFF0D

    private let connection: Connection
    private let session: ObjectPath

    /// Opens a RemoteDesktop session on the session bus at `sessionBusAddress` and starts it.
    public init(sessionBusAddress: String) throws {
        connection = try Connection.address(sessionBusAddress)
        do {
            let created = try connection.call(
                destination: Self.service, path: ObjectPath("/org/gnome/Mutter/RemoteDesktop"),
                interface: "org.gnome.Mutter.RemoteDesktop", member: "CreateSession", timeout: .seconds(10))
            guard let path = created.first?.objectPathValue else {
                throw TestSupportError("RemoteDesktop.CreateSession answered \(created)")
            }
            session = path
            _ = try connection.call(
                destination: Self.service, path: session, interface: Self.sessionInterface, member: "Start",
                timeout: .seconds(10))
            // Mutter creates the session's virtual keyboard on its first key press and drops that first event while
            // its input thread adds the device: spend it on a Shift press, which types nothing.
            try press(Self.shiftKeysym)
        } catch {
            connection.close()
            throw error
        }
    }

    deinit { close() }

    /// Types `text` (printable ASCII; `\n` is Return), key by key.
    public func type(_ text: String) throws {
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                try press(Self.returnKeysym)
                continue
            }
            guard (0x20...0x7E).contains(scalar.value) else {
                throw TestSupportError("MutterRemoteKeyboard types printable ASCII only, not U+\(scalar.value)")
            }
            // X keysyms of printable ASCII are their code points.
            try press(scalar.value)
        }
    }

    /// Presses and releases Return.
    public func pressReturn() throws { try press(Self.returnKeysym) }

    /// Presses and releases the key of `keysym` (shifted characters are found in the keymap by Mutter).
    public func press(_ keysym: UInt32) throws {
        try notify(keysym, pressed: true)
        try notify(keysym, pressed: false)
    }

    private func notify(_ keysym: UInt32, pressed: Bool) throws {
        _ = try connection.call(
            destination: Self.service, path: session, interface: Self.sessionInterface,
            member: "NotifyKeyboardKeysym", arguments: [.uint32(keysym), .boolean(pressed)], timeout: .seconds(5))
    }

    /// Presses the keys of `keysyms` in order and releases them in reverse, as a shortcut such as Alt+Tab is typed.
    public func chord(_ keysyms: [UInt32]) throws {
        for keysym in keysyms { try notify(keysym, pressed: true) }
        for keysym in keysyms.reversed() { try notify(keysym, pressed: false) }
    }

    /// Moves the session's pointer by (`dx`, `dy`) pixels. (An absolute move needs a ScreenCast stream; a relative one
    /// does not.)
    public func movePointer(by dx: Double, _ dy: Double) throws {
        _ = try connection.call(
            destination: Self.service, path: session, interface: Self.sessionInterface,
            member: "NotifyPointerMotionRelative", arguments: [.double(dx), .double(dy)], timeout: .seconds(5))
    }

    /// Presses the pointer's left button where the pointer is and releases it 100 ms later, as a user's click lasts
    /// (this is the click's own length, not a wait for anything).
    public func clickLeftButton() throws {
        for pressed in [true, false] {
            if !pressed { usleep(100_000) }
            _ = try connection.call(
                destination: Self.service, path: session, interface: Self.sessionInterface, member: "NotifyPointerButton",
                arguments: [.int32(Self.leftButton), .boolean(pressed)], timeout: .seconds(5))
        }
    }

    /// The left button, as evdev names it (BTN_LEFT).
    static let leftButton: Int32 = 0x110

    /// Stops the session (Mutter also ends it when this connection closes).
    public func close() {
        _ = try? connection.call(
            destination: Self.service, path: session, interface: Self.sessionInterface, member: "Stop",
            timeout: .seconds(2))
        connection.close()
    }
}
