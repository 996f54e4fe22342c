internal import CGtk

/// A GTK widget owned from Swift: the wrapper holds one strong reference (taken with `g_object_ref_sink`) and
/// drops it in `deinit`. Subclasses give each widget type its own methods. Signal handlers run on the main
/// thread; capture the wrapper weakly in them, since the widget keeps its handlers alive.
@MainActor
public class Widget {
    nonisolated(unsafe) let widget: UnsafeMutablePointer<GtkWidget>

    /// Takes ownership of a newly made widget (sinks its floating reference).
    init(adopting pointer: UnsafeMutablePointer<GtkWidget>) {
        widget = pointer
        g_object_ref_sink(UnsafeMutableRawPointer(pointer))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(widget))
    }

    /// The widget as a pointer of another GTK type (GObject's cast macros do not import).
    func pointer<T>(as _: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
    }

    /// The widget as a pointer to a final GTK type (those import as `OpaquePointer`).
    var opaque: OpaquePointer { OpaquePointer(widget) }

    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(widget) }

    // MARK: Layout

    public func setAlignment(horizontal: Align? = nil, vertical: Align? = nil) {
        if let horizontal { gtk_widget_set_halign(widget, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(widget, vertical.gtk) }
    }

    public func setExpand(horizontal: Bool? = nil, vertical: Bool? = nil) {
        if let horizontal { gtk_widget_set_hexpand(widget, horizontal ? 1 : 0) }
        if let vertical { gtk_widget_set_vexpand(widget, vertical ? 1 : 0) }
    }

    public func setMargins(top: Int32 = 0, bottom: Int32 = 0, start: Int32 = 0, end: Int32 = 0) {
        gtk_widget_set_margin_top(widget, top)
        gtk_widget_set_margin_bottom(widget, bottom)
        gtk_widget_set_margin_start(widget, start)
        gtk_widget_set_margin_end(widget, end)
    }

    /// Lays this widget and everything in it now left to right whatever the language's direction, icons included
    /// (GTK picks an icon's `-rtl` variant by the image's own direction): for what is not mirrored in a
    /// right-to-left language, such as a keypad of digits. Call it once the widget holds its children.
    public func keepLeftToRight() {
        func leftToRight(_ widget: UnsafeMutablePointer<GtkWidget>) {
            gtk_widget_set_direction(widget, GTK_TEXT_DIR_LTR)
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                leftToRight(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        leftToRight(widget)
    }

    /// The smallest size the widget may get (-1 keeps the natural one).
    public func setSizeRequest(width: Int32, height: Int32) {
        gtk_widget_set_size_request(widget, width, height)
    }

    /// The least width the widget can take, and the height it asks for when given `width` (its natural height
    /// there: all of it shown, nothing scrolled), in GTK's pixels.
    public func measure(atWidth width: Int32) -> (minimumWidth: Int32, height: Int32) {
        // GTK keeps each widget's last measure until the next frame's style pass; style classes changed since then
        // (a layout switched before the window is shown) must count now.
        func forgetSizes(_ widget: UnsafeMutablePointer<GtkWidget>) {
            gtk_widget_queue_resize(widget)
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                forgetSizes(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        forgetSizes(widget)
        var minimumWidth: Int32 = 0
        var height: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, max(width, minimumWidth), nil, &height, nil, nil)
        return (minimumWidth, height)
    }

    // MARK: State

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget takes keyboard focus when clicked or tabbed to.
    public var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }

    /// Whether a click moves the keyboard focus to the widget (Tab still reaches it when not).
    public var focusesOnClick: Bool {
        get { gtk_widget_get_focus_on_click(widget) != 0 }
        set { gtk_widget_set_focus_on_click(widget, newValue ? 1 : 0) }
    }

    /// Moves the keyboard focus to the widget.
    public func grabFocus() {
        _ = gtk_widget_grab_focus(widget)
    }

    /// How opaque the widget is drawn, 0 (not at all: it still takes the focus and clicks) to 1.
    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }

    // MARK: Style

    public func addStyleClass(_ name: String) {
        gtk_widget_add_css_class(widget, name)
    }

    public func removeStyleClass(_ name: String) {
        gtk_widget_remove_css_class(widget, name)
    }

    /// Adds `name` when `on`, removes it otherwise.
    public func setStyleClass(_ name: String, _ on: Bool) {
        on ? addStyleClass(name) : removeStyleClass(name)
    }

    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    // MARK: Accessibility

    /// The name assistive technologies read for the widget (AT-SPI's accessible name).
    public func setAccessibleLabel(_ label: String) {
        applock_accessible_set_label(OpaquePointer(widget), label)
    }

    /// A longer description assistive technologies read after the name.
    public func setAccessibleDescription(_ text: String) {
        applock_accessible_set_description(OpaquePointer(widget), text)
    }

    // MARK: Input

    /// Calls `handler(key)` for each key pressed while the widget or one of its children has the focus (the
    /// capture phase: before the focused child sees it); return true to stop the key there.
    public func onKeyPress(_ handler: @escaping @MainActor (KeyPress) -> Bool) {
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        Signals.connectKeyPressed(UnsafeMutableRawPointer(controller)) { keyval, modifiers in
            handler(KeyPress(keyval: keyval, modifiers: modifiers))
        }
        gtk_widget_add_controller(widget, controller)
    }
}
