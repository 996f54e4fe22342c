internal import CGtk

/// One page of a preferences window: groups in a scrolled column, with a title and an icon for the view switcher
/// (AdwPreferencesPage).
@MainActor
public final class PreferencesPage: Widget {
    private var groups: [Widget] = []

    public init(title: String, iconName: String) {
        super.init(adopting: adw_preferences_page_new())
        adw_preferences_page_set_title(pointer(as: AdwPreferencesPage.self), title)
        adw_preferences_page_set_icon_name(pointer(as: AdwPreferencesPage.self), iconName)
    }

    /// Adds `group` at the end.
    public func add(_ group: PreferencesGroup) {
        adw_preferences_page_add(pointer(as: AdwPreferencesPage.self), group.pointer(as: AdwPreferencesGroup.self))
        groups.append(group)
    }

    /// Removes `group`.
    public func remove(_ group: PreferencesGroup) {
        adw_preferences_page_remove(pointer(as: AdwPreferencesPage.self), group.pointer(as: AdwPreferencesGroup.self))
        groups.removeAll { $0 === group }
    }
}
