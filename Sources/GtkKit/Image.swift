internal import CGtk

/// A picture from the icon theme or a file (GtkImage).
@MainActor
public final class Image: Widget {
    /// The themed icon `iconName`.
    public init(iconName: String) {
        super.init(adopting: gtk_image_new_from_icon_name(iconName))
    }

    /// The picture in the file at `path`.
    public init(path: String) {
        super.init(adopting: gtk_image_new_from_file(path))
    }

    /// An app's icon as its desktop file's `Icon=` names it: the file at an absolute path, else the themed icon
    /// when the theme has it, else the generic application icon.
    public convenience init(desktopIcon icon: String) {
        if icon.hasPrefix("/") {
            self.init(path: icon)
        } else {
            self.init(iconName: Self.themeHasIcon(icon) ? icon : "application-x-executable")
        }
    }

    /// Draws the icon `size` pixels square.
    public func setPixelSize(_ size: Int32) {
        gtk_image_set_pixel_size(opaque, size)
    }

    /// Whether the icon theme has an icon named `iconName` (for the default display).
    public static func themeHasIcon(_ iconName: String) -> Bool {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else {
            return false
        }
        return gtk_icon_theme_has_icon(theme, iconName) != 0
    }
}
