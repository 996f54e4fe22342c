internal import CX11

extension X11Display {
    /// Paints a cover: its background colour, an optional PNG icon centred above `title` and `subtitle` (white,
    /// sans-serif). Meant for after the cover is mapped (the server has already filled it opaque).
    public func drawCover(_ window: X11Window, size: X11Rect, rgb: UInt32, title: String, subtitle: String,
                          iconPath: String?) {
        let screen = XDefaultScreen(display)
        guard let surface = cairo_xlib_surface_create(
            display, Drawable(window.id), XDefaultVisual(display, screen), Int32(size.width), Int32(size.height))
        else { return }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, Double((rgb >> 16) & 0xff) / 255, Double((rgb >> 8) & 0xff) / 255, Double(rgb & 0xff) / 255)
        cairo_paint(cr)

        let centreX = Double(size.width) / 2
        var textTop = Double(size.height) / 2
        if let iconPath, let icon = cairo_image_surface_create_from_png(iconPath) {
            defer { cairo_surface_destroy(icon) }
            if cairo_surface_status(icon) == CAIRO_STATUS_SUCCESS {
                let side = min(96, Double(min(size.width, size.height)) / 3)
                let iconWidth = Double(max(1, cairo_image_surface_get_width(icon)))
                let scale = side / iconWidth
                cairo_save(cr)
                cairo_translate(cr, centreX - side / 2, Double(size.height) / 2 - side - 8)
                cairo_scale(cr, scale, scale)
                cairo_set_source_surface(cr, icon, 0, 0)
                cairo_paint(cr)
                cairo_restore(cr)
                textTop = Double(size.height) / 2 + 8
            }
        }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 22)
        centred(cr, title, x: centreX, baseline: textTop + 22)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 15)
        centred(cr, subtitle, x: centreX, baseline: textTop + 48)
        cairo_surface_flush(surface)
    }

    private func centred(_ cr: OpaquePointer, _ text: String, x: Double, baseline: Double) {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        cairo_move_to(cr, x - extents.width / 2 - extents.x_bearing, baseline)
        cairo_show_text(cr, text)
    }
}
