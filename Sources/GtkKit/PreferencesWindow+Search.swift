internal import CGtk

extension PreferencesWindow {
    /// Names libadwaita 1.2's search button and search field for assistive technologies: the window makes them
    /// with an icon and no accessible name, so a screen reader would say only "toggle button" and "entry".
    public func nameSearch(button buttonName: String, field fieldName: String) {
        if let field = Self.descendant(of: widget, where: { child in
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self), gtk_search_entry_get_type()) != 0
        }) {
            applock_accessible_set_label(OpaquePointer(field), fieldName)
        }
        guard let button = Self.descendant(of: widget, where: { child in
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self), gtk_toggle_button_get_type()) != 0
                && gtk_button_get_icon_name(UnsafeMutableRawPointer(child).assumingMemoryBound(to: GtkButton.self))
                    .map { String(cString: $0) } == "edit-find-symbolic"
        }) else { return }
        applock_accessible_set_label(OpaquePointer(button), buttonName)
        gtk_widget_set_tooltip_text(button, buttonName)
    }

    private static func descendant(
        of root: UnsafeMutablePointer<GtkWidget>, where matches: (UnsafeMutablePointer<GtkWidget>) -> Bool
    ) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if matches(current) { return current }
            if let found = descendant(of: current, where: matches) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
