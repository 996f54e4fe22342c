internal import CGtk

/// A row of a boxed list that opens to show more rows under it (AdwExpanderRow).
@MainActor
public final class ExpanderRow: Widget {
    private var rows: [Widget] = []

    public init(title: String, subtitle: String = "") {
        super.init(adopting: adw_expander_row_new())
        adw_preferences_row_set_title(pointer(as: AdwPreferencesRow.self), title)
        self.subtitle = subtitle
    }

    public var subtitle: String {
        get { adw_expander_row_get_subtitle(pointer(as: AdwExpanderRow.self)).map { String(cString: $0) } ?? "" }
        set { adw_expander_row_set_subtitle(pointer(as: AdwExpanderRow.self), newValue) }
    }

    /// Whether the rows under it are shown.
    public var isExpanded: Bool {
        get { adw_expander_row_get_expanded(pointer(as: AdwExpanderRow.self)) != 0 }
        set { adw_expander_row_set_expanded(pointer(as: AdwExpanderRow.self), newValue ? 1 : 0) }
    }

    /// Adds `row` at the end of the rows under it.
    public func addRow(_ row: Widget) {
        adw_expander_row_add_row(pointer(as: AdwExpanderRow.self), row.widget)
        rows.append(row)
    }

    /// Takes every row under it away.
    public func removeAllRows() {
        for row in rows { adw_expander_row_remove(pointer(as: AdwExpanderRow.self), row.widget) }
        rows.removeAll()
    }
}
