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
    ///     rows under Xvfb, whose GL is Mesa's llvmpipe: 56 vs 183 MiB and 61 vs 238 MiB, with GDK kept from
    ///     opening OpenGL at all).
    /// - Throws: ``GtkKitError/noDisplay`` when no display can be opened.
    @MainActor
    public static func initialize(
        programName: String, applicationName: String, backend: Backend? = nil, softwareRendering: Bool = false
    ) throws(GtkKitError) {
        if softwareRendering { setenv("GSK_RENDERER", "cairo", 0) }
        if let renderer = getenv("GSK_RENDERER"), String(cString: renderer) == "cairo" { disableOpenGL() }
        g_set_prgname(programName)
        g_set_application_name(applicationName)
        if let backend { gdk_set_allowed_backends(backend.rawValue) }
        guard gtk_init_check() != 0 else { throw .noDisplay }
        adw_init()
    }

    /// Keeps GDK from opening OpenGL, for a process whose renderer is cairo: GDK 4.8 opens it with the display anyway
    /// (to choose a visual), which loads the GL driver (under Xvfb Mesa's llvmpipe: libLLVM and its threads, ~60 MiB
    /// resident) for nothing. The switch is `GDK_DEBUG=gl-disable` up to GTK 4.14 and `GDK_DISABLE=gl` from 4.16
    /// (Debian 13), which warns about the old one; added to the flags a person may have set.
    private static func disableOpenGL() {
        if gtk_get_major_version() == 4, gtk_get_minor_version() >= 16 {
            addFlag("gl", to: "GDK_DISABLE")
        } else {
            addFlag("gl-disable", to: "GDK_DEBUG")
        }
    }

    private static func addFlag(_ flag: String, to variable: String) {
        let flags = getenv(variable).map { String(cString: $0) } ?? ""
        guard !flags.split(separator: ",").contains(Substring(flag)) else { return }
        setenv(variable, flags.isEmpty ? flag : flags + "," + flag, 1)
    }

    /// Whether GTK runs on the X11 backend.
    @MainActor
    public static var isX11: Bool {
        applock_x11_display_xdisplay(gdk_display_get_default()) != nil
    }
}
