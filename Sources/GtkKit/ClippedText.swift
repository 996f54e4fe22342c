internal import CGtk

extension Widget {
    /// The texts of the labels on screen inside this widget that do not fit: cut short with an ellipsis, or on one
    /// line wider than the space they were given. AppLock Settings' screenshot tests hold every page to none.
    public func clippedTexts() -> [String] {
        var found: [String] = []
        Self.collectClipped(in: widget, into: &found)
        return found
    }

    private static func collectClipped(in widget: UnsafeMutablePointer<GtkWidget>, into found: inout [String]) {
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 {
            let label = OpaquePointer(widget)
            let text = gtk_label_get_text(label).map { String(cString: $0) } ?? ""
            var natural: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
            let ellipsized = pango_layout_is_ellipsized(gtk_label_get_layout(label)) != 0
            let overflowing = gtk_label_get_wrap(label) == 0 && natural > gtk_widget_get_width(widget)
            if !text.isEmpty, ellipsized || overflowing { found.append(text) }
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            collectClipped(in: current, into: &found)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
