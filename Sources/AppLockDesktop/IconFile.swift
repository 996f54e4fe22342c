import SystemKit

/// A desktop file's `Icon=` as a PNG file, for drawing without an icon theme library (the guard's X11 covers).
public enum IconFile {
    /// An absolute path as is (when it is a readable PNG), else the hicolor theme's largest PNG of that name in the
    /// data folders, else `/usr/share/pixmaps`; nil when there is none.
    public static func png(_ icon: String, in directories: XDGDataDirectories) -> String? {
        if icon.hasPrefix("/") { return icon.hasSuffix(".png") && SmallFiles.isReadable(icon) ? icon : nil }
        for size in ["256x256", "128x128", "96x96", "64x64", "48x48"] {
            for directory in directories.paths {
                let path = "\(directory)/icons/hicolor/\(size)/apps/\(icon).png"
                if SmallFiles.isReadable(path) { return path }
            }
        }
        let pixmap = "/usr/share/pixmaps/\(icon).png"
        return SmallFiles.isReadable(pixmap) ? pixmap : nil
    }
}
