internal import CGtk

/// One row of a boxed list with a title, a subtitle and widgets before and after them (AdwActionRow).
@MainActor
public final class ActionRow: Widget {
    private var parts: [Widget] = []

    public init(title: String, subtitle: String = "") {
        super.init(adopting: adw_action_row_new())
        self.title = title
        self.subtitle = subtitle
    }

    public var title: String {
        get { adw_preferences_row_get_title(pointer(as: AdwPreferencesRow.self)).map { String(cString: $0) } ?? "" }
        set { adw_preferences_row_set_title(pointer(as: AdwPreferencesRow.self), newValue) }
    }

    public var subtitle: String {
        get { adw_action_row_get_subtitle(pointer(as: AdwActionRow.self)).map { String(cString: $0) } ?? "" }
        set { adw_action_row_set_subtitle(pointer(as: AdwActionRow.self), newValue) }
    }

    /// Puts `widget` before the title (an icon, usually).
    public func addPrefix(_ widget: Widget) {
        adw_action_row_add_prefix(pointer(as: AdwActionRow.self), widget.widget)
        parts.append(widget)
    }

    /// Puts `widget` after the title (the row's control).
    public func addSuffix(_ widget: Widget) {
        adw_action_row_add_suffix(pointer(as: AdwActionRow.self), widget.widget)
        parts.append(widget)
    }

    /// The widget a click on the row (or Enter on it) activates, as a click on that widget would.
    public func setActivatableWidget(_ widget: Widget?) {
        adw_action_row_set_activatable_widget(pointer(as: AdwActionRow.self), widget?.widget)
    }

    /// Makes the whole row activatable and calls `handler` when it is clicked or activated from the keyboard.
    public func onActivated(_ handler: @escaping @MainActor () -> Void) {
        gtk_list_box_row_set_activatable(pointer(as: GtkListBoxRow.self), 1)
        Signals.connect(raw, "activated", action: handler)
    }
}
