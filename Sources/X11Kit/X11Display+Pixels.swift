internal import CX11

extension X11Display {
    /// How many pixels inside `rect` (root coordinates) the screen shows in the colour `rgb` (0xRRGGBB), read back
    /// from the server now; nil when it cannot be read (off the screen, or not 24-bit colour).
    public func pixelCount(rgb: UInt32, in rect: X11Rect) -> Int? {
        let count = applock_root_pixel_count(display, rect.x, rect.y, rect.width, rect.height, UInt(rgb))
        return count < 0 ? nil : count
    }
}
