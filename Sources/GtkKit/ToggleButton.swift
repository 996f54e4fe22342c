internal import CGtk

/// A button that stays pressed (GtkToggleButton); grouped ones act as radio buttons.
@MainActor
public final class ToggleButton: Button {
    public init(toggleLabel label: String) {
        super.init(adopting: gtk_toggle_button_new_with_label(label))
    }

    public var isActive: Bool {
        get { gtk_toggle_button_get_active(pointer(as: GtkToggleButton.self)) != 0 }
        set { gtk_toggle_button_set_active(pointer(as: GtkToggleButton.self), newValue ? 1 : 0) }
    }

    /// Puts this button in `other`'s group: at most one of the group is active.
    public func join(_ other: ToggleButton) {
        gtk_toggle_button_set_group(pointer(as: GtkToggleButton.self), other.pointer(as: GtkToggleButton.self))
    }

    /// Calls `handler` whenever the button becomes active or inactive.
    public func onToggled(_ handler: @escaping @MainActor () -> Void) {
        Signals.connect(raw, "toggled", action: handler)
    }
}
