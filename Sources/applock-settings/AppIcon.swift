import GtkKit

/// An app's icon from its desktop file's `Icon=`: a themed name or an absolute path; a generic one otherwise.
enum AppIcon {
    @MainActor
    static func image(_ icon: String?, size: Int32, name: String) -> Image {
        let image = Image(desktopIcon: icon ?? "application-x-executable")
        image.setPixelSize(size)
        image.setAccessibleLabel("\(name) icon")
        return image
    }
}
