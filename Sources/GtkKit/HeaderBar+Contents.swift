internal import CGtk

extension HeaderBar {
    /// Shows `title` in the middle instead of the window's title.
    public func setTitle(_ title: String) {
        adw_header_bar_set_title_widget(opaque, adw_window_title_new(title, nil))
    }

    /// Puts `widget` at the start (left in left-to-right languages).
    public func packStart(_ widget: Widget) {
        adw_header_bar_pack_start(opaque, widget.widget)
    }
}
