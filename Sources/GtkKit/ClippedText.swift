internal import CGtk

extension Widget {
    /// The texts of the labels on screen inside this widget that do not fit: cut short with an ellipsis, or on one
    /// line wider than the space they were given, each with the widget types it is in ("Hide Content (in GtkBox <
    /// AdwComboRow)"). AppLock Settings' screenshot tests hold every page to none.
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
            let clipped: Bool
            if gtk_label_get_ellipsize(label) != PANGO_ELLIPSIZE_NONE {
                // Pango says whether it drew the ellipsis.
                clipped = pango_layout_is_ellipsized(gtk_label_get_layout(label)) != 0
            } else {
                var natural: Int32 = 0
                gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
                clipped = gtk_label_get_wrap(label) == 0 && natural > gtk_widget_get_width(widget)
            }
            if !text.isEmpty, clipped { found.append("\(text) (in \(containers(of: widget)))") }
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            collectClipped(in: current, into: &found)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The type names of the three widgets around `widget`, innermost first.
    private static func containers(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
        var names: [String] = []
        var parent = gtk_widget_get_parent(widget)
        while let current = parent, names.count < 3 {
            let instance = UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self)
            names.append(g_type_name_from_instance(instance).map { String(cString: $0) } ?? "?")
            parent = gtk_widget_get_parent(current)
        }
        return names.joined(separator: " < ")
    }
}
