internal import CGtk

/// A push button with a text or an icon (GtkButton).
@MainActor
public class Button: Widget {
    /// A button showing `label`.
    public init(label: String) {
        super.init(adopting: gtk_button_new_with_label(label))
    }

    /// A button showing the themed icon `iconName`, named `accessibleLabel` for assistive technologies (which see
    /// no icon inside it: GTK 4.8 would name the icon "GtkImage", and Orca say so).
    public init(iconName: String, accessibleLabel: String) {
        super.init(adopting: gtk_button_new_from_icon_name(iconName))
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
        if let icon = gtk_button_get_child(pointer(as: GtkButton.self)) { applock_accessible_hide(OpaquePointer(icon)) }
    }

    override init(adopting pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(adopting: pointer)
    }

    public var label: String {
        get { gtk_button_get_label(pointer(as: GtkButton.self)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(pointer(as: GtkButton.self), newValue) }
    }

    /// Calls `handler` each time the button is clicked or activated from the keyboard.
    public func onClicked(_ handler: @escaping @MainActor () -> Void) {
        Signals.connect(raw, "clicked", action: handler)
    }
}
