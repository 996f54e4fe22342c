internal import CGtk

/// A titled boxed list of rows on a preferences page (AdwPreferencesGroup).
@MainActor
public final class PreferencesGroup: Widget {
    private var rows: [Widget] = []
    private var headerSuffix: Widget?

    public init(title: String = "", description: String = "") {
        super.init(adopting: adw_preferences_group_new())
        if !title.isEmpty { adw_preferences_group_set_title(pointer(as: AdwPreferencesGroup.self), title) }
        if !description.isEmpty { adw_preferences_group_set_description(pointer(as: AdwPreferencesGroup.self), description) }
    }

    public var groupDescription: String {
        get { adw_preferences_group_get_description(pointer(as: AdwPreferencesGroup.self)).map { String(cString: $0) } ?? "" }
        set { adw_preferences_group_set_description(pointer(as: AdwPreferencesGroup.self), newValue.isEmpty ? nil : newValue) }
    }

    /// Puts `widget` at the end of the group's title line (a button acting on the whole group).
    public func setHeaderSuffix(_ widget: Widget) {
        adw_preferences_group_set_header_suffix(pointer(as: AdwPreferencesGroup.self), widget.widget)
        headerSuffix = widget
    }

    /// Adds `row` at the end.
    public func add(_ row: Widget) {
        adw_preferences_group_add(pointer(as: AdwPreferencesGroup.self), row.widget)
        rows.append(row)
    }

    /// Removes `row`.
    public func remove(_ row: Widget) {
        adw_preferences_group_remove(pointer(as: AdwPreferencesGroup.self), row.widget)
        rows.removeAll { $0 === row }
    }

    /// Removes every row.
    public func removeAll() {
        for row in rows { adw_preferences_group_remove(pointer(as: AdwPreferencesGroup.self), row.widget) }
        rows.removeAll()
    }
}
