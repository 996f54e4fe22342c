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

extension Window {
    /// The texts, icons and text fields on screen in this window that are not wholly in view, each with its text or
    /// icon name: past an edge of the `visible` area at the window's top-left corner (by default the window, no larger
    /// than its monitor: a window taller than the screen has its foot off it), or scrolled partly out of a scrolled
    /// window. The lock window's screenshot tests hold it to none: every key, and every word, can be seen and clicked.
    public func textsOutOfView(visible: (width: Int32, height: Int32)? = nil) -> [String] {
        let area = visible ?? monitorClampedSize()
        var found: [String] = []
        Self.collectOutOfView(in: widget, window: widget, area: area, viewport: nil, into: &found)
        return found
    }

    private func monitorClampedSize() -> (width: Int32, height: Int32) {
        let own = (width: gtk_widget_get_width(widget), height: gtk_widget_get_height(widget))
        guard let screen = screenSize else { return own }
        return (min(own.width, screen.width), min(own.height, screen.height))
    }

    private static func collectOutOfView(
        in widget: UnsafeMutablePointer<GtkWidget>, window: UnsafeMutablePointer<GtkWidget>,
        area: (width: Int32, height: Int32), viewport: UnsafeMutablePointer<GtkWidget>?, into found: inout [String]
    ) {
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        func isA(_ type: GType) -> Bool { g_type_check_instance_is_a(instance, type) != 0 }
        let name: String? =
            if isA(gtk_label_get_type()) {
                gtk_label_get_text(OpaquePointer(widget)).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            } else if isA(gtk_image_get_type()) {
                "icon " + (gtk_image_get_icon_name(OpaquePointer(widget)).map { String(cString: $0) } ?? "?")
            } else if isA(gtk_text_get_type()) {
                "text field"
            } else {
                nil
            }
        if let name {
            let inWindow = bounds(of: widget, in: window)
            let inViewport = viewport.map { bounds(of: widget, in: $0) }
            if !inWindow.lies(within: area) {
                found.append("\(name) (past the window's edge)")
            } else if let viewport, let inViewport,
                      !inViewport.lies(within: (gtk_widget_get_width(viewport), gtk_widget_get_height(viewport))) {
                found.append("\(name) (scrolled out of view)")
            }
        }
        let inner = isA(gtk_viewport_get_type()) ? widget : viewport
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            collectOutOfView(in: current, window: window, area: area, viewport: inner, into: &found)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private static func bounds(of widget: UnsafeMutablePointer<GtkWidget>, in target: UnsafeMutablePointer<GtkWidget>)
        -> graphene_rect_t
    {
        var rect = graphene_rect_t()
        _ = gtk_widget_compute_bounds(widget, target, &rect)
        return rect
    }
}

private extension graphene_rect_t {
    /// Whether it lies inside `width` × `height` at the origin, give or take half a pixel of rounding.
    func lies(within size: (width: Int32, height: Int32)) -> Bool {
        origin.x >= -0.5 && origin.y >= -0.5
            && origin.x + self.size.width <= Float(size.width) + 0.5
            && origin.y + self.size.height <= Float(size.height) + 0.5
    }
}
