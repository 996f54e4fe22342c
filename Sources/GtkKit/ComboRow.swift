internal import CGtk

/// A row offering one choice among a few, in a drop-down (AdwComboRow over a GtkStringList).
@MainActor
public final class ComboRow: Widget {
    public init(title: String, subtitle: String = "", choices: [String]) {
        super.init(adopting: adw_combo_row_new())
        adw_preferences_row_set_title(pointer(as: AdwPreferencesRow.self), title)
        adw_action_row_set_subtitle(pointer(as: AdwActionRow.self), subtitle)
        let list = gtk_string_list_new(nil)!
        for choice in choices { gtk_string_list_append(list, choice) }
        adw_combo_row_set_model(pointer(as: AdwComboRow.self), list)
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    public var subtitle: String {
        get { adw_action_row_get_subtitle(pointer(as: AdwActionRow.self)).map { String(cString: $0) } ?? "" }
        set { adw_action_row_set_subtitle(pointer(as: AdwActionRow.self), newValue) }
    }

    /// The index of the chosen item.
    public var selectedIndex: Int {
        get { Int(adw_combo_row_get_selected(pointer(as: AdwComboRow.self))) }
        set { adw_combo_row_set_selected(pointer(as: AdwComboRow.self), guint(newValue)) }
    }

    /// Calls `handler` after each change of ``selectedIndex``.
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) {
        Signals.connectNotify(raw, property: "selected", action: handler)
    }
}
