internal import CGtk

/// A row or a column of widgets (GtkBox).
@MainActor
public final class Box: Widget {
    /// Which way the box lays out its children.
    public enum Orientation: Sendable {
        case horizontal, vertical
    }

    private var children: [Widget] = []

    public init(_ orientation: Orientation, spacing: Int32 = 0) {
        super.init(adopting: gtk_box_new(
            orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, spacing))
    }

    /// Adds `child` at the end; the box keeps its wrapper alive.
    public func append(_ child: Widget) {
        gtk_box_append(pointer(as: GtkBox.self), child.widget)
        children.append(child)
    }

    /// Removes `child`.
    public func remove(_ child: Widget) {
        gtk_box_remove(pointer(as: GtkBox.self), child.widget)
        children.removeAll { $0 === child }
    }

    /// The space between children, in pixels.
    public var spacing: Int32 {
        get { gtk_box_get_spacing(pointer(as: GtkBox.self)) }
        set { gtk_box_set_spacing(pointer(as: GtkBox.self), newValue) }
    }

    /// Makes every child the same size along the box.
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(pointer(as: GtkBox.self)) != 0 }
        set { gtk_box_set_homogeneous(pointer(as: GtkBox.self), newValue ? 1 : 0) }
    }
}
