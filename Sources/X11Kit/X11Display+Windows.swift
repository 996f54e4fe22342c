internal import CX11

extension X11Display {
    /// The events the follower needs from the root window: top-levels created, mapped, moved, restacked and
    /// destroyed, and root property changes (`_NET_CLIENT_LIST`, `_NET_ACTIVE_WINDOW`).
    public func followRoot() {
        XSelectInput(display, Window(root.id), SubstructureNotifyMask | PropertyChangeMask)
    }

    /// Follows one window: its mapping, geometry, reparenting, destruction and property changes.
    public func follow(_ window: X11Window) {
        XSelectInput(display, Window(window.id), StructureNotifyMask | PropertyChangeMask)
    }

    /// The window manager's `_NET_CLIENT_LIST`, oldest first.
    public func clientList() -> [X11Window] {
        windows(root, clientListAtom)
    }

    /// The window manager's `_NET_ACTIVE_WINDOW`; nil when none.
    public func activeWindow() -> X11Window? {
        windows(root, activeWindowAtom).first.flatMap { $0.id == 0 ? nil : $0 }
    }

    /// `_NET_WM_PID`, when the client set it.
    public func processID(of window: X11Window) -> Int32? {
        cardinals(window, atom("_NET_WM_PID"), type: atom("CARDINAL")).first.map { Int32(truncatingIfNeeded: $0) }
    }

    /// The process id of the client that created `window`, as the X server knows it (X-Resource): for windows that
    /// carry no `_NET_WM_PID`, such as override-redirect menus; nil when the server cannot tell (a remote client).
    public func clientProcessID(of window: X11Window) -> Int32? {
        var spec = XResClientIdSpec(client: XID(window.id), mask: UInt32(XRES_CLIENT_ID_PID_MASK.rawValue))
        var count = 0
        var values: UnsafeMutablePointer<XResClientIdValue>?
        guard XResQueryClientIds(display, 1, &spec, &count, &values) == Success, let values else { return nil }
        defer { XResClientIdsDestroy(count, values) }
        for index in 0..<count where XResGetClientIdType(values + index) == XRES_CLIENT_ID_PID {
            let pid = XResGetClientPid(values + index)
            if pid > 0 { return pid }
        }
        return nil
    }

    /// The root window's children, bottom to top: the stacking order of top-level windows.
    public func topLevelStackingOrder() -> [X11Window] {
        var rootReturn: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, Window(root.id), &rootReturn, &parent, &children, &count) != 0, let children else {
            return []
        }
        defer { XFree(children) }
        return UnsafeBufferPointer(start: children, count: Int(count)).map { X11Window(UInt32(truncatingIfNeeded: $0)) }
    }

    /// The override-redirect children of the root window that are mapped (menus, tooltips, pop-ups: windows the
    /// window manager does not manage), bottom first.
    public func mappedOverrideRedirectTopLevels() -> [X11Window] {
        topLevelStackingOrder().filter { child in
            var attributes = XWindowAttributes()
            return XGetWindowAttributes(display, Window(child.id), &attributes) != 0 && attributes.override_redirect != 0
                && attributes.map_state == IsViewable
        }
    }

    /// `WM_CLASS`: the instance and class names.
    public func windowClass(of window: X11Window) -> (instance: String, className: String)? {
        var hint = XClassHint()
        guard XGetClassHint(display, Window(window.id), &hint) != 0 else { return nil }
        defer {
            if let name = hint.res_name { XFree(name) }
            if let name = hint.res_class { XFree(name) }
        }
        return (hint.res_name.map { String(cString: $0) } ?? "", hint.res_class.map { String(cString: $0) } ?? "")
    }

    /// `_GTK_APPLICATION_ID`, set by GTK applications.
    public func gtkApplicationID(of window: X11Window) -> String? {
        let bytes = propertyBytes(window, atom("_GTK_APPLICATION_ID"), type: atom("UTF8_STRING"))
        guard let bytes, !bytes.isEmpty else { return nil }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// `WM_TRANSIENT_FOR`: the window this dialog belongs to.
    public func transientFor(_ window: X11Window) -> X11Window? {
        windows(window, atom("WM_TRANSIENT_FOR")).first
    }

    /// Whether the window is minimised: `_NET_WM_STATE_HIDDEN` or ICCCM `IconicState`.
    public func isMinimised(_ window: X11Window) -> Bool {
        let hidden = atom("_NET_WM_STATE_HIDDEN")
        if cardinals(window, windowStateAtom, type: atom("ATOM")).contains(UInt(hidden)) { return true }
        return cardinals(window, wmStateAtom, type: wmStateAtom).first == 3
    }

    /// Whether the window and all its ancestors are mapped.
    public func isViewable(_ window: X11Window) -> Bool {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, Window(window.id), &attributes) != 0 else { return false }
        return attributes.map_state == IsViewable
    }

    /// The child of the root that contains `window` (the window manager's frame, or the window itself); nil when
    /// the window is gone.
    public func topLevel(of window: X11Window) -> X11Window? {
        var current = Window(window.id)
        while true {
            var rootReturn: Window = 0
            var parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, current, &rootReturn, &parent, &children, &count) != 0 else { return nil }
            if let children { XFree(children) }
            if parent == rootReturn || parent == 0 { return X11Window(UInt32(truncatingIfNeeded: current)) }
            current = parent
        }
    }

    /// The window's geometry relative to its parent, border included; nil when it is gone.
    public func geometry(of window: X11Window) -> X11Rect? {
        var rootReturn: Window = 0
        var x: Int32 = 0, y: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        guard XGetGeometry(display, Drawable(window.id), &rootReturn, &x, &y, &width, &height, &border, &depth) != 0
        else { return nil }
        return X11Rect(x: x, y: y, width: width + 2 * border, height: height + 2 * border)
    }

    /// Asks the window manager to activate `window` (`_NET_ACTIVE_WINDOW` client message, source: pager).
    public func requestActivation(of window: X11Window) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window.id)
        event.xclient.message_type = activeWindowAtom
        event.xclient.format = 32
        event.xclient.data.l = (2, 0, 0, 0, 0)
        XSendEvent(display, Window(root.id), 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
    }

    /// Asks the window manager to minimise `window` (ICCCM `WM_CHANGE_STATE` to `IconicState`): it unmaps the
    /// window and its frame, so that no compositor has a pixmap of it to draw.
    public func iconify(_ window: X11Window) {
        XIconifyWindow(display, Window(window.id), XDefaultScreen(display))
    }

    /// Asks the window manager to bring a minimised `window` back (ICCCM: the client maps it again).
    public func deiconify(_ window: X11Window) {
        XMapWindow(display, Window(window.id))
    }

    /// Reports ``X11Event/compositorChanged`` whenever the `_NET_WM_CM_Sn` selection changes hands (XFixes); false
    /// when the server lacks XFixes.
    @discardableResult
    public func followCompositor() -> Bool {
        followSelection(compositorSelection)
    }

    /// Reports ``X11Event/xsettingsChanged`` whenever the desktop's XSETTINGS manager publishes new settings (its
    /// `_XSETTINGS_SETTINGS` property changes, as when GNOME's Large Text is turned on) or the `_XSETTINGS_Sn`
    /// selection changes hands; false when the server lacks XFixes (a change of the property is still reported).
    @discardableResult
    public func followXSettings() -> Bool {
        watchXSettingsManager()
        return followSelection(xsettingsSelection)
    }

    /// Has the XFixes extension report each change of hands of `selection`; false when the server lacks it.
    private func followSelection(_ selection: Atom) -> Bool {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XFixesQueryExtension(display, &eventBase, &errorBase) != 0 else { return false }
        fixesEventBase = eventBase
        let mask = UInt(XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
            | XFixesSelectionClientCloseNotifyMask)
        XFixesSelectSelectionInput(display, Window(root.id), selection, mask)
        return true
    }

    /// Hears the changes of the XSETTINGS manager's settings property (its window's `PropertyNotify`).
    func watchXSettingsManager() {
        let owner = XGetSelectionOwner(display, xsettingsSelection)
        if owner != 0 { XSelectInput(display, owner, PropertyChangeMask) }
    }

    var compositorSelection: Atom { atom("_NET_WM_CM_S\(XDefaultScreen(display))") }
    var xsettingsSelection: Atom { atom("_XSETTINGS_S\(XDefaultScreen(display))") }

    /// Whether a compositing manager runs on the default screen (someone owns the `_NET_WM_CM_Sn` selection): it
    /// draws each window from its own pixmap, also where the window is not on screen (task switchers, overviews).
    public func compositorRunning() -> Bool {
        XGetSelectionOwner(display, compositorSelection) != 0
    }

    /// What the desktop's XSETTINGS manager publishes for the default screen (its `_XSETTINGS_SETTINGS` bytes); nil
    /// when none runs.
    public func xsettings() -> [UInt8]? {
        let owner = XGetSelectionOwner(display, xsettingsSelection)
        guard owner != 0 else { return nil }
        return propertyBytes(X11Window(UInt32(truncatingIfNeeded: owner)), xsettingsAtom, type: xsettingsAtom)
    }

    // MARK: Property reading

    func propertyBytes(_ window: X11Window, _ property: Atom, type: Atom) -> [UInt8]? {
        readProperty(window, property, type: type, format: 8, as: UInt8.self)
    }

    /// A format-32 property (Xlib hands its items over as C `long`s).
    func cardinals(_ window: X11Window, _ property: Atom, type: Atom) -> [UInt] {
        readProperty(window, property, type: type, format: 32, as: UInt.self) ?? []
    }

    /// The items of a property of `type` and `format`; nil when it is unset or of another type or format.
    private func readProperty<Item>(
        _ window: X11Window, _ property: Atom, type: Atom, format wanted: Int32, as _: Item.Type
    ) -> [Item]? {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, Window(window.id), property, 0, 1 << 16, 0, type,
                                        &actualType, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, let data, actualType == type, format == wanted else { return nil }
        return data.withMemoryRebound(to: Item.self, capacity: Int(count)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(count)))
        }
    }

    private func windows(_ window: X11Window, _ property: Atom) -> [X11Window] {
        cardinals(window, property, type: atom("WINDOW")).map { X11Window(UInt32(truncatingIfNeeded: $0)) }
    }
}
