internal import CGtk

/// GTK and libadwaita set-up for the process.
public enum Gtk {
    /// A GDK backend to restrict GTK to.
    public enum Backend: String, Sendable {
        case x11
        case wayland
    }

    /// Initializes GTK and libadwaita once, on the main thread, before any widget is made.
    /// - Parameter backend: the only backend GDK may use; nil lets GDK choose (Wayland first, then X11).
    /// - Throws: ``GtkKitError/noDisplay`` when no display can be opened.
    @MainActor
    public static func initialize(backend: Backend? = nil) throws(GtkKitError) {
        if let backend { gdk_set_allowed_backends(backend.rawValue) }
        guard gtk_init_check() != 0 else { throw .noDisplay }
        adw_init()
    }

    /// Whether GTK runs on the X11 backend.
    @MainActor
    public static var isX11: Bool {
        applock_x11_display_xdisplay(gdk_display_get_default()) != nil
    }
}
