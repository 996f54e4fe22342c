import GtkKit
import Translation

/// An app's icon from its desktop file's `Icon=`: a themed name or an absolute path; a generic one otherwise.
enum AppIcon {
    @MainActor
    static func image(_ icon: String?, size: Int32, name: String) -> Image {
        let image = Image(desktopIcon: icon ?? "application-x-executable")
        image.setPixelSize(size)
        // TRANSLATORS: the accessible name of an app's icon; %1$s is the app's name.
        image.setAccessibleLabel(L("%1$s icon", name))
        return image
    }
}
