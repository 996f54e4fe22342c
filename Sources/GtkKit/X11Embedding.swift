internal import CGtk

/// A GTK window put inside a foreign X window (another process's cover): reparented into it before it is
/// mapped, kept at the parent's size, holding an active keyboard grab (focus alone lets keys leak to the window
/// below when a window manager activates it), and told when the parent goes away. X11 only.
@MainActor
public final class X11Embedding {
    private let window: Window
    private let parent: XID
    private nonisolated(unsafe) let display: OpaquePointer
    private let gdkDisplay: OpaquePointer
    private var retryTimer: RepeatingTimer?
    private var wantsGrab = false

    /// Calls after the parent window is destroyed.
    public var onParentDestroyed: (@MainActor () -> Void)?

    /// Puts `window` (realized, not yet shown) into the X window `parent`, at its size.
    /// - Throws: ``GtkKitError/notX11``, ``GtkKitError/notRealized``, ``GtkKitError/noSuchWindow(_:)``.
    public init(window: Window, parent: UInt) throws(GtkKitError) {
        guard let gdkDisplay = gdk_display_get_default(),
              let display = applock_x11_display_xdisplay(gdkDisplay) else { throw .notX11 }
        let own = XID(window.x11Window)
        guard own != 0 else { throw .notRealized }
        self.window = window
        self.parent = XID(parent)
        self.display = display
        self.gdkDisplay = gdkDisplay
        var attributes = XWindowAttributes()
        gdk_x11_display_error_trap_push(gdkDisplay)
        let status = XGetWindowAttributes(display, self.parent, &attributes)
        XSelectInput(display, self.parent, StructureNotifyMask)
        XReparentWindow(display, own, self.parent, 0, 0)
        XMoveResizeWindow(display, own, 0, 0, UInt32(max(attributes.width, 1)), UInt32(max(attributes.height, 1)))
        XSync(display, 0)
        guard gdk_x11_display_error_trap_pop(gdkDisplay) == 0, status != 0 else { throw .noSuchWindow(parent) }
        Signals.connectXEvent(UnsafeMutableRawPointer(gdkDisplay)) { [weak self] event in
            self?.handle(event) ?? false
        }
    }

    /// Takes the keyboard now and keeps it: retried every 50 ms until X grants it, and again whenever the parent
    /// is mapped anew (a grab ends when its window stops being viewable).
    public func keepKeyboard() {
        wantsGrab = true
        grabOrRetry()
    }

    /// Whether this process holds the keyboard grab on the window (it takes it if free).
    public func grabKeyboard() -> Bool {
        let own = XID(window.x11Window)
        guard own != 0 else { return false }
        let result = XGrabKeyboard(display, own, 1, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        guard result == GrabSuccess else { return false }
        gdk_x11_display_error_trap_push(gdkDisplay)
        XSetInputFocus(display, own, RevertToParent, UInt(CurrentTime))
        XFlush(display)
        _ = gdk_x11_display_error_trap_pop(gdkDisplay)
        return true
    }

    private func grabOrRetry() {
        guard wantsGrab, !grabKeyboard() else {
            retryTimer = nil
            return
        }
        guard retryTimer == nil else { return }
        retryTimer = RepeatingTimer(every: .milliseconds(50)) { [weak self] in
            guard let self else { return }
            if self.grabKeyboard() { self.retryTimer = nil }
        }
    }

    private func handle(_ event: UnsafeRawPointer) -> Bool {
        let xevent = event.assumingMemoryBound(to: XEvent.self)
        guard applock_xevent_window(xevent) == parent else { return false }
        switch applock_xevent_type(xevent) {
        case DestroyNotify:
            wantsGrab = false
            retryTimer = nil
            onParentDestroyed?()
        case ConfigureNotify:
            let own = XID(window.x11Window)
            let width = UInt32(max(applock_xevent_configure_width(xevent), 1))
            let height = UInt32(max(applock_xevent_configure_height(xevent), 1))
            if own != 0 { XResizeWindow(display, own, width, height) }
        case MapNotify:
            grabOrRetry()
        default:
            break
        }
        return false
    }
}
