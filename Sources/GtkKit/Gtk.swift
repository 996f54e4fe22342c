internal import CGtk

/// GTK and libadwaita set-up for the process.
public enum Gtk {
    /// A GDK backend to restrict GTK to.
    public enum Backend: String, Sendable {
        case x11
        case wayland
    }

    /// Initializes GTK and libadwaita once, on the main thread, before any widget is made.
    /// - Parameters:
    ///   - programName: the program's name (window class, AT-SPI application name).
    ///   - applicationName: the name people see for it.
    ///   - backend: the only backend GDK may use; nil lets GDK choose (Wayland first, then X11).
    ///   - softwareRendering: draw with cairo instead of OpenGL unless `GSK_RENDERER` says otherwise: a window of
    ///     plain widgets then costs far less memory and starts sooner (`applock-bench`'s lock window and settings
    ///     rows: 114 vs 183 MiB and 122 vs ~200 MiB under Xvfb, whose GL is Mesa's llvmpipe).
    /// - Throws: ``GtkKitError/noDisplay`` when no display can be opened.
    @MainActor
    public static func initialize(
        programName: String, applicationName: String, backend: Backend? = nil, softwareRendering: Bool = false
    ) throws(GtkKitError) {
        if softwareRendering { setenv("GSK_RENDERER", "cairo", 0) }
        g_set_prgname(programName)
        g_set_application_name(applicationName)
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
