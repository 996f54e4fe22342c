internal import CGtk

/// A toplevel window (AdwWindow: libadwaita's styling, content without a title bar of its own).
@MainActor
public final class Window: Widget {
    public init(title: String) {
        super.init(adopting: adw_window_new())
        gtk_window_set_title(pointer(as: GtkWindow.self), title)
    }

    public var title: String {
        get { gtk_window_get_title(pointer(as: GtkWindow.self)).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(pointer(as: GtkWindow.self), newValue) }
    }

    /// The window's content.
    public func setContent(_ content: Widget) {
        adw_window_set_content(pointer(as: AdwWindow.self), content.widget)
    }

    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(pointer(as: GtkWindow.self), width, height)
    }

    /// The size of the screen the window is on (its monitor; before it is shown, the display's first), in GTK's
    /// pixels; nil when GDK knows no monitor.
    public var screenSize: (width: Int32, height: Int32)? {
        guard let display = gdk_display_get_default() else { return nil }
        var geometry = GdkRectangle()
        if let surface = gtk_native_get_surface(OpaquePointer(widget)),
           let monitor = gdk_display_get_monitor_at_surface(display, surface) {
            gdk_monitor_get_geometry(monitor, &geometry)
        } else if let monitors = gdk_display_get_monitors(display), let first = g_list_model_get_item(monitors, 0) {
            gdk_monitor_get_geometry(OpaquePointer(first), &geometry)
            g_object_unref(first)
        } else {
            return nil
        }
        return (geometry.width, geometry.height)
    }

    /// The themed icon the desktop shows for the window (`_NET_WM_ICON` on X11 when the theme has it).
    public func setIconName(_ name: String) {
        gtk_window_set_icon_name(pointer(as: GtkWindow.self), name)
    }

    /// Whether the window manager may draw a frame around it.
    public var isDecorated: Bool {
        get { gtk_window_get_decorated(pointer(as: GtkWindow.self)) != 0 }
        set { gtk_window_set_decorated(pointer(as: GtkWindow.self), newValue ? 1 : 0) }
    }

    /// Makes the native window (an X window on X11) without showing it.
    public func realize() {
        gtk_widget_realize(widget)
    }

    /// Works out the window's layout now, without showing it (its styles and the text of its widgets laid out in
    /// their fonts), so that its first frame has less left to do.
    public func prepareLayout() {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &width, nil, nil)
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, width, nil, &height, nil, nil)
    }

    /// Makes the window a modal dialog of `parent` (any window): the window manager keeps it above `parent`, gives it
    /// the keyboard, and `parent` takes no input while it is shown.
    public func makeModal(over parent: Widget) {
        gtk_window_set_transient_for(pointer(as: GtkWindow.self), parent.pointer(as: GtkWindow.self))
        gtk_window_set_modal(pointer(as: GtkWindow.self), 1)
    }

    /// Shows the window and asks for it to be raised and focused.
    public func present() {
        gtk_window_present(pointer(as: GtkWindow.self))
    }

    /// Closes (hides) the window; it stays alive while the wrapper does.
    public func close() {
        gtk_window_close(pointer(as: GtkWindow.self))
    }

    /// The widget that has the keyboard focus inside the window, cleared with nil.
    public func setFocus(_ child: Widget?) {
        gtk_window_set_focus(pointer(as: GtkWindow.self), child?.widget)
    }

    /// Whether the keyboard focus inside the window is nowhere, or in `widget` or a widget inside it (an entry's
    /// text).
    public func focusIsNowhereOrInside(_ widget: Widget) -> Bool {
        guard let focus = gtk_window_get_focus(pointer(as: GtkWindow.self)) else { return true }
        return focus == widget.widget || gtk_widget_is_ancestor(focus, widget.widget) != 0
    }

    /// Whether the keyboard focus inside the window is in `widget` or a widget inside it.
    public func focusIsInside(_ widget: Widget) -> Bool {
        guard let focus = gtk_window_get_focus(pointer(as: GtkWindow.self)) else { return false }
        return focus == widget.widget || gtk_widget_is_ancestor(focus, widget.widget) != 0
    }

    /// Moves the keyboard focus to the next widget that takes it (or the one before), wrapping round as Tab and
    /// Shift+Tab do.
    public func moveFocus(forward: Bool) {
        let window = pointer(as: GtkWidget.self)
        _ = gtk_widget_child_focus(window, forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD)
        if gtk_widget_get_focus_child(window) == nil { gtk_window_set_focus(pointer(as: GtkWindow.self), nil) }
    }

    /// Calls `handler` each time the keyboard focus moves to another widget of the window, or to none.
    public func onFocusChanged(_ handler: @escaping @MainActor () -> Void) {
        Signals.connectNotify(raw, property: "focus-widget", action: handler)
    }

    /// The widget `Enter` activates when the focused widget does not use it.
    public func setDefaultWidget(_ child: Widget?) {
        gtk_window_set_default_widget(pointer(as: GtkWindow.self), child?.widget)
    }

    /// Calls `handler` when the user or the window manager asks to close the window; return true to keep it.
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        Signals.connect(raw, "close-request", predicate: handler)
    }

    /// Whether the window has the keyboard focus of the desktop (GtkWindow's `is-active`).
    public var isActive: Bool { gtk_window_is_active(pointer(as: GtkWindow.self)) != 0 }

    /// Calls `handler` each time the window gains or loses the desktop's keyboard focus (`notify::is-active`).
    public func onActiveChanged(_ handler: @escaping @MainActor () -> Void) {
        Signals.connectNotify(raw, property: "is-active", action: handler)
    }

    /// Calls `handler` once the window is on screen (its `map` signal).
    public func onMap(_ handler: @escaping @MainActor () -> Void) {
        Signals.connect(raw, "map", action: handler)
    }

    /// The window's X window, once realized on X11.
    public var x11Window: UInt {
        guard let surface = gtk_native_get_surface(OpaquePointer(widget)) else { return 0 }
        return UInt(applock_x11_surface_xid(surface))
    }
}
