import CWaylandProtocols
import Glibc

/// A pointer that a client adds to a wlroots compositor's first seat through `zwlr_virtual_pointer_manager_v1`:
/// moved to a point of the output layout and clicked as a mouse would be, on a compositor that has no input device
/// of its own (a headless sway in the tests; `seat - cursor` needs a pointer on the seat to reach a client). One
/// thread.
public final class WlrVirtualPointer {
    public static let managerInterface = "zwlr_virtual_pointer_manager_v1"
    /// Linux's code of the left button (`BTN_LEFT`).
    public static let leftButton: UInt32 = 0x110

    private let display: OpaquePointer
    private var registry: OpaquePointer?
    private var manager: OpaquePointer?
    private var seat: OpaquePointer?
    private var pointer: OpaquePointer?
    /// The last event's time stamp, in milliseconds of the monotonic clock: toolkits compare them with the real time
    /// between events (GTK 3 ignores a menu item's release within 500 ms of the press that opened the menu).
    private var time: UInt32 = 0

    /// Connects to the compositor at `display` (a socket name or an absolute path) and adds the pointer.
    public init(display name: String) throws {
        guard let display = wl_display_connect(name) else { throw WaylandError("cannot connect to the Wayland compositor") }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        guard wl_display_roundtrip(display) >= 0 else {
            wl_display_disconnect(display)
            throw WaylandError("the compositor closed the connection")
        }
        guard let manager, let seat else {
            wl_display_disconnect(display)
            throw WaylandError("the compositor offers no \(Self.managerInterface) or no seat")
        }
        pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat)
        try roundtrip()
    }

    deinit {
        if let pointer { zwlr_virtual_pointer_v1_destroy(pointer) }
        wl_display_disconnect(display)
    }

    /// Moves the pointer to (`x`, `y`) of a layout `width` × `height` pixels large; returns once the compositor has
    /// read it. A client learns of a new pointer asynchronously: it sees the pointer's first events only once it
    /// has taken the seat's pointer, so a caller waits for a sign of that (a key drawn hovered) before clicking.
    public func move(x: UInt32, y: UInt32, width: UInt32, height: UInt32) throws {
        guard let pointer else { throw WaylandError("the virtual pointer is gone") }
        zwlr_virtual_pointer_v1_motion_absolute(pointer, nextTime(), x, y, width, height)
        zwlr_virtual_pointer_v1_frame(pointer)
        try roundtrip()
    }

    /// Moves the pointer to (`x`, `y`) of a layout `width` × `height` pixels large, then presses and releases
    /// `button`; returns once the compositor has read all of it.
    public func click(x: UInt32, y: UInt32, width: UInt32, height: UInt32, button: UInt32 = leftButton) throws {
        try move(x: x, y: y, width: width, height: height)
        guard let pointer else { throw WaylandError("the virtual pointer is gone") }
        zwlr_virtual_pointer_v1_button(pointer, nextTime(), button, WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        zwlr_virtual_pointer_v1_button(pointer, nextTime(), button, WL_POINTER_BUTTON_STATE_RELEASED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        try roundtrip()
    }

    /// The monotonic clock in milliseconds, later than the last event's by at least one.
    private func nextTime() -> UInt32 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let milliseconds = UInt32(truncatingIfNeeded: Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000)
        time = max(milliseconds, time &+ 1)
        return time
    }

    private func roundtrip() throws {
        guard wl_display_roundtrip(display) >= 0 else { throw WaylandError("the compositor closed the connection") }
    }

    private func globalAdded(name: UInt32, interface: String) {
        guard interface == Self.managerInterface && manager == nil || interface == "wl_seat" && seat == nil,
              let definition = applock_interface_named(interface),
              let proxy = wl_registry_bind(registry, name, definition, 1) else { return }
        if interface == "wl_seat" { seat = OpaquePointer(proxy) } else { manager = OpaquePointer(proxy) }
    }

    private static func pointer(_ data: UnsafeMutableRawPointer?) -> WlrVirtualPointer {
        Unmanaged<WlrVirtualPointer>.fromOpaque(data!).takeUnretainedValue()
    }

    private nonisolated(unsafe) static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, _ in
                guard let interface else { return }
                pointer(data).globalAdded(name: name, interface: String(cString: interface))
            },
            global_remove: { _, _, _ in }))
        return listener
    }()
}

@available(*, unavailable) extension WlrVirtualPointer: Sendable {}
