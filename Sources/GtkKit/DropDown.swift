internal import CGtk

/// One choice among a few in a compact button that opens a list (GtkDropDown over a GtkStringList).
@MainActor
public final class DropDown: Widget {
    public init(choices: [String], accessibleLabel: String) {
        let list = gtk_string_list_new(nil)!
        for choice in choices { gtk_string_list_append(list, choice) }
        // The drop-down takes the list over.
        super.init(adopting: gtk_drop_down_new(list, nil))
        setAccessibleLabel(accessibleLabel)
        // Its button, which takes the keyboard focus, reads the same name.
        if let button = gtk_widget_get_first_child(widget) { applock_accessible_set_label(OpaquePointer(button), accessibleLabel) }
        setAlignment(vertical: .center)
    }

    /// The index of the chosen item.
    public var selectedIndex: Int {
        get { Int(gtk_drop_down_get_selected(opaque)) }
        set { gtk_drop_down_set_selected(opaque, guint(newValue)) }
    }

    /// Replaces the choices' texts (as many as there were, in the same order: "minute" after 1, "minutes" after 5),
    /// keeping the chosen one chosen.
    public func setChoices(_ choices: [String]) {
        guard let list = gtk_drop_down_get_model(opaque) else { return }
        let chosen = selectedIndex
        let copies = choices.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var additions: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        gtk_string_list_splice(list, 0, g_list_model_get_n_items(list), &additions)
        selectedIndex = chosen
    }

    /// Calls `handler` after each change of ``selectedIndex``.
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) {
        Signals.connectNotify(raw, property: "selected", action: handler)
    }
}
