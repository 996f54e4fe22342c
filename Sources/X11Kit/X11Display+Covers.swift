internal import CX11

extension X11Display {
    /// Creates an unmapped override-redirect window at `rect` whose background the server fills with `rgb`
    /// (0xRRGGBB) the moment it is mapped, without waiting for this client to draw. It reports exposures, button
    /// presses, and children mapped into it (a lock window another process reparents there).
    public func createCover(at rect: X11Rect, rgb: UInt32) -> X11Window {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = UInt(rgb)
        attributes.border_pixel = 0
        attributes.event_mask = ExposureMask | ButtonPressMask | SubstructureNotifyMask
        let mask = UInt(CWOverrideRedirect | CWBackPixel | CWBorderPixel | CWEventMask)
        let window = XCreateWindow(
            display, Window(root.id), rect.x, rect.y, max(1, rect.width), max(1, rect.height), 0,
            XDefaultDepth(display, XDefaultScreen(display)), UInt32(InputOutput), XDefaultVisual(display, XDefaultScreen(display)),
            mask, &attributes)
        XStoreName(display, window, Self.coverName)
        return X11Window(UInt32(truncatingIfNeeded: window))
    }

    /// The `WM_NAME` every cover carries.
    static let coverName = "applock-guard cover"

    /// Whether `window` exists and is a cover made by ``createCover(at:rgb:)`` (of this or another connection).
    public func isCover(_ window: X11Window) -> Bool {
        var name: UnsafeMutablePointer<CChar>?
        guard XFetchName(display, Window(window.id), &name) != 0, let name else { return false }
        defer { XFree(name) }
        return String(cString: name) == Self.coverName
    }

    /// Moves and resizes a window (coordinates relative to its parent).
    public func setGeometry(of window: X11Window, to rect: X11Rect) {
        XMoveResizeWindow(display, Window(window.id), rect.x, rect.y, max(1, rect.width), max(1, rect.height))
    }

    /// Stacks `window` directly above its sibling `sibling`.
    public func stack(_ window: X11Window, above sibling: X11Window) {
        var changes = XWindowChanges()
        changes.sibling = Window(sibling.id)
        changes.stack_mode = Above
        XConfigureWindow(display, Window(window.id), UInt32(CWSibling | CWStackMode), &changes)
    }

    public func map(_ window: X11Window) { XMapWindow(display, Window(window.id)) }

    /// Stacks `window` above all its siblings.
    public func raise(_ window: X11Window) { XRaiseWindow(display, Window(window.id)) }

    public func unmap(_ window: X11Window) { XUnmapWindow(display, Window(window.id)) }

    public func destroy(_ window: X11Window) { XDestroyWindow(display, Window(window.id)) }

    /// Takes an active keyboard grab on `window`: every key goes to it, whatever has the focus. False when another
    /// client holds a grab (or the window is not viewable): try again later.
    public func grabKeyboard(_ window: X11Window) -> Bool {
        XGrabKeyboard(display, Window(window.id), 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) == GrabSuccess
    }

    public func ungrabKeyboard() { XUngrabKeyboard(display, UInt(CurrentTime)) }

    /// Gives the keyboard focus to `window` (reverting to its parent).
    public func focus(_ window: X11Window) {
        XSetInputFocus(display, Window(window.id), RevertToParent, UInt(CurrentTime))
    }

    /// Keeps this client's windows after its connection closes (`RetainPermanent`), so that covers outlive a crash
    /// until a successor frees them with ``killClient(owning:)``.
    public func retainWindowsAfterExit(_ retain: Bool) {
        XSetCloseDownMode(display, retain ? RetainPermanent : DestroyAll)
    }

    /// Frees every resource of the client that created `window` (a predecessor's retained covers).
    public func killClient(owning window: X11Window) {
        XKillClient(display, UInt(window.id))
    }

    /// Replaces the root window's CARDINAL list property `name` with `values`.
    public func setRootCardinals(_ name: String, _ values: [UInt32]) {
        var longs = values.map { UInt($0) }
        let cardinal = atom("CARDINAL")
        longs.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(display, Window(root.id), atom(name), cardinal, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    /// The root window's CARDINAL list property `name` (empty when unset).
    public func rootCardinals(_ name: String) -> [UInt32] {
        cardinals(root, atom(name), type: atom("CARDINAL")).map { UInt32(truncatingIfNeeded: $0) }
    }
}
