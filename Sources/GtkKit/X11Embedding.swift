internal import CGtk

/// A GTK window put inside a foreign X window (another process's cover): reparented into it before it is
/// mapped, kept at the parent's size, holding an active keyboard grab (focus alone lets keys leak to the window
/// below when a window manager activates it; the grab is an XInput 2 one, since GDK 4 reads only XI2 key
/// events), and told when the parent goes away. X11 only.
@MainActor
public final class X11Embedding {
    private let window: Window
    private let parent: XID
    private nonisolated(unsafe) let display: OpaquePointer
    private let gdkDisplay: OpaquePointer
    private var retryTimer: RepeatingTimer?
    private var wantsGrab = false
    /// The parent's width and height when the window was put into it, in GTK's pixels: the X window's divided by
    /// the window's scale (`GDK_SCALE`), as widgets are measured.
    public private(set) var parentSize: (width: Int32, height: Int32) = (0, 0)

    /// Called after the parent window is destroyed.
    public var onParentDestroyed: (@MainActor () -> Void)?
    /// Called each time the keyboard grab is taken (again).
    public var onKeyboardGrabbed: (@MainActor () -> Void)?

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
        // The parent can be destroyed at any moment, with this window in it; GDK's requests on it then fail, and
        // GDK's default handling of an X error ends the process before the DestroyNotify in the queue is seen. A
        // trap kept pushed for the window's lifetime makes those errors harmless; DestroyNotify ends the window.
        gdk_x11_display_error_trap_push(gdkDisplay)
        // GTK sizes a toplevel from its default size, in its own pixels, when it maps it: make that the parent's.
        let scale = max(gtk_widget_get_scale_factor(window.widget), 1)
        parentSize = (max(attributes.width / scale, 1), max(attributes.height / scale, 1))
        window.setDefaultSize(width: parentSize.width, height: parentSize.height)
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
        gdk_x11_display_error_trap_push(gdkDisplay)
        let result = applock_xi_grab_keyboard(display, own)
        _ = gdk_x11_display_error_trap_pop(gdkDisplay)
        guard result == GrabSuccess else { return false }
        gdk_x11_display_error_trap_push(gdkDisplay)
        XSetInputFocus(display, own, RevertToParent, UInt(CurrentTime))
        XFlush(display)
        _ = gdk_x11_display_error_trap_pop(gdkDisplay)
        return true
    }

    private func grabOrRetry() {
        guard wantsGrab else { return }
        if grabKeyboard() {
            retryTimer = nil
            onKeyboardGrabbed?()
            return
        }
        guard retryTimer == nil else { return }
        retryTimer = RepeatingTimer(every: .milliseconds(50)) { [weak self] in
            guard let self, self.grabKeyboard() else { return }
            self.retryTimer = nil
            self.onKeyboardGrabbed?()
        }
    }

    private func handle(_ event: UnsafeRawPointer) -> Bool {
        let xevent = event.assumingMemoryBound(to: XEvent.self)
        let own = XID(window.x11Window)
        let target = applock_xevent_window(xevent)
        guard target == parent || target == own else { return false }
        switch applock_xevent_type(xevent) {
        case DestroyNotify where applock_xevent_destroyed_window(xevent) == target:
            // The parent's destruction takes this window with it (children first): end before GDK finds its
            // surface gone.
            wantsGrab = false
            retryTimer = nil
            onParentDestroyed?()
            return true
        case ConfigureNotify where target == parent:
            let width = max(applock_xevent_configure_width(xevent), 1)
            let height = max(applock_xevent_configure_height(xevent), 1)
            let scale = max(gtk_widget_get_scale_factor(window.widget), 1)
            window.setDefaultSize(width: max(width / scale, 1), height: max(height / scale, 1))
            if own != 0 { XResizeWindow(display, own, UInt32(width), UInt32(height)) }
        case MapNotify where target == parent:
            grabOrRetry()
        default:
            break
        }
        return false
    }
}
