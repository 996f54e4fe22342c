internal import CGtk
import Glibc

/// gtk4-layer-shell, found in this process at run time (`dlsym`): a window made a layer-shell surface
/// (`zwlr_layer_shell_v1`) instead of a toplevel. AppLock's programs do not link the library (Debian 12 has none), and
/// from 1.0 on it must be loaded before libwayland-client, whose calls it wraps: whoever needs it starts the program
/// with it in `LD_PRELOAD`.
@MainActor
public enum LayerShell {
    private typealias IsSupported = @convention(c) () -> Int32
    private typealias OnWindow = @convention(c) (UnsafeMutablePointer<GtkWindow>?) -> Void
    private typealias WithNumber = @convention(c) (UnsafeMutablePointer<GtkWindow>?, Int32) -> Void
    private typealias WithText = @convention(c) (UnsafeMutablePointer<GtkWindow>?, UnsafePointer<CChar>?) -> Void

    /// `GTK_LAYER_SHELL_LAYER_OVERLAY` and `GTK_LAYER_SHELL_KEYBOARD_MODE_EXCLUSIVE` (stable since 0.6).
    private static let overlayLayer: Int32 = 3
    private static let exclusiveKeyboard: Int32 = 1

    /// Makes `window` (not shown yet) a layer-shell surface on the overlay layer, above every window and every
    /// other layer, centred on the output the compositor picks, holding the keyboard while it is shown; `namespace`
    /// names it to the compositor. Call after ``Gtk/initialize(programName:applicationName:backend:softwareRendering:)``.
    /// - Throws: ``GtkKitError/noLayerShell`` when gtk4-layer-shell is not loaded or the compositor has no layer shell.
    public static func placeOnOverlay(_ window: Window, namespace: String) throws(GtkKitError) {
        guard let isSupported = function("gtk_layer_is_supported", as: IsSupported.self),
              let initialize = function("gtk_layer_init_for_window", as: OnWindow.self),
              let setNamespace = function("gtk_layer_set_namespace", as: WithText.self),
              let setLayer = function("gtk_layer_set_layer", as: WithNumber.self),
              let setKeyboardMode = function("gtk_layer_set_keyboard_mode", as: WithNumber.self)
        else { throw .noLayerShell("gtk4-layer-shell is not loaded into this process (LD_PRELOAD)") }
        guard isSupported() != 0 else { throw .noLayerShell("the compositor offers no zwlr_layer_shell_v1") }
        let gtkWindow = window.pointer(as: GtkWindow.self)
        initialize(gtkWindow)
        namespace.withCString { setNamespace(gtkWindow, $0) }
        setLayer(gtkWindow, overlayLayer)
        setKeyboardMode(gtkWindow, exclusiveKeyboard)
    }

    /// The function `name` as `type`, nil when no library loaded in this process defines it.
    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }
}
