internal import CGtk

/// A settings window in GNOME's style: pages in a view switcher, a search over every row's title, subpages that
/// slide in, and toasts (AdwPreferencesWindow).
@MainActor
public final class PreferencesWindow: Widget {
    private var pages: [Widget] = []
    private var subpage: Widget?

    public init(title: String) {
        super.init(adopting: adw_preferences_window_new())
        gtk_window_set_title(pointer(as: GtkWindow.self), title)
    }

    /// Adds `page` to the view switcher.
    public func add(_ page: PreferencesPage) {
        adw_preferences_window_add(pointer(as: AdwPreferencesWindow.self), page.pointer(as: AdwPreferencesPage.self))
        pages.append(page)
    }

    /// Shows `page`'s tab.
    public func show(_ page: PreferencesPage) {
        adw_preferences_window_set_visible_page(pointer(as: AdwPreferencesWindow.self), page.pointer(as: AdwPreferencesPage.self))
    }

    /// Whether the search button and type-to-search are offered.
    public var isSearchEnabled: Bool {
        get { adw_preferences_window_get_search_enabled(pointer(as: AdwPreferencesWindow.self)) != 0 }
        set { adw_preferences_window_set_search_enabled(pointer(as: AdwPreferencesWindow.self), newValue ? 1 : 0) }
    }

    /// Slides `content` in over the pages, with a way back (Escape, or the back button it should carry).
    public func presentSubpage(_ content: Widget) {
        adw_preferences_window_present_subpage(pointer(as: AdwPreferencesWindow.self), content.widget)
        subpage = content
    }

    /// Slides the subpage out again.
    public func closeSubpage() {
        adw_preferences_window_close_subpage(pointer(as: AdwPreferencesWindow.self))
        subpage = nil
    }

    /// Shows `text` briefly at the bottom of the window.
    public func showToast(_ text: String) {
        adw_preferences_window_add_toast(pointer(as: AdwPreferencesWindow.self), adw_toast_new(text))
    }

    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(pointer(as: GtkWindow.self), width, height)
    }

    /// Shows the window and asks for it to be raised and focused.
    public func present() {
        gtk_window_present(pointer(as: GtkWindow.self))
    }

    /// Calls `handler` when the user or the window manager asks to close the window; return true to keep it.
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        Signals.connect(raw, "close-request", predicate: handler)
    }
}
