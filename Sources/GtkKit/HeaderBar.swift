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
}
