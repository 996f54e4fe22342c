internal import CGtk

/// A line (or lines) of text (GtkLabel).
@MainActor
public final class Label: Widget {
    public init(_ text: String = "") {
        super.init(adopting: gtk_label_new(text))
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(opaque)) }
        set { gtk_label_set_text(opaque, newValue) }
    }

    /// Wraps long text onto several lines, centred.
    public func wrapCentred(maxCharacters: Int32) {
        gtk_label_set_wrap(opaque, 1)
        gtk_label_set_justify(opaque, GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(opaque, maxCharacters)
    }

    /// Lets the user select and copy the text.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(opaque) != 0 }
        set { gtk_label_set_selectable(opaque, newValue ? 1 : 0) }
    }
}
