internal import CGtk

/// Shows its child whole when there is room, with a vertical scroll bar when not (GtkScrolledWindow).
@MainActor
public final class ScrolledWindow: Widget {
    private var child: Widget?

    public init() {
        super.init(adopting: gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(opaque, 1)
    }

    /// The scrolled content; the wrapper keeps it alive.
    public func setChild(_ child: Widget) {
        gtk_scrolled_window_set_child(opaque, child.widget)
        self.child = child
    }
}
