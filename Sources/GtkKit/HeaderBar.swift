internal import CGtk

/// The title bar of a window with libadwaita's look, showing the window's title and its close button
/// (AdwHeaderBar).
@MainActor
public final class HeaderBar: Widget {
    public init() {
        super.init(adopting: adw_header_bar_new())
    }

    /// A header bar with no background or border, over content of the same colour.
    public func makeFlat() {
        addStyleClass("flat")
    }

    /// Shows only the window buttons that work on a surface the compositor does not treat as a window (a layer
    /// surface cannot be minimised or maximised): the user's layout from GTK's settings without those two.
    public func leaveOutMinimiseAndMaximise() {
        var layout = ":close"
        if let setting = applock_decoration_layout() {
            layout = String(cString: setting)
            g_free(setting)
        }
        adw_header_bar_set_decoration_layout(opaque, Self.withoutMinimiseAndMaximise(layout))
    }

    /// `layout` (GTK's `gtk-decoration-layout`: buttons left of the colon, then right of it, each side comma
    /// separated) without `minimize` and `maximize`.
    static func withoutMinimiseAndMaximise(_ layout: String) -> String {
        layout.split(separator: ":", omittingEmptySubsequences: false).map { side in
            side.split(separator: ",").filter { $0 != "minimize" && $0 != "maximize" }.joined(separator: ",")
        }.joined(separator: ":")
    }
}
