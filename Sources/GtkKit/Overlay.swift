internal import CGtk

/// A child with other widgets laid over it, in the same place (GtkOverlay).
@MainActor
public final class Overlay: Widget {
    private var children: [Widget] = []

    public init() {
        super.init(adopting: gtk_overlay_new())
    }

    /// The widget underneath, which gives the overlay its size; the wrapper keeps it alive.
    public func setChild(_ child: Widget) {
        gtk_overlay_set_child(opaque, child.widget)
        children.append(child)
    }

    /// Lays `child` over the others; the wrapper keeps it alive.
    public func addOverlay(_ child: Widget) {
        gtk_overlay_add_overlay(opaque, child.widget)
        children.append(child)
    }
}
