internal import CGtk

/// A whole number with − and + buttons that can also be typed (GtkSpinButton).
@MainActor
public final class SpinButton: Widget {
    /// A spin button from `minimum` to `maximum` in steps of `step`.
    public init(minimum: Double, maximum: Double, step: Double, accessibleLabel: String) {
        super.init(adopting: gtk_spin_button_new_with_range(minimum, maximum, step))
        gtk_spin_button_set_digits(opaque, 0)
        gtk_spin_button_set_numeric(opaque, 1)
        gtk_editable_set_width_chars(opaque, 5)
        setAccessibleLabel(accessibleLabel)
        setAlignment(vertical: .center)
    }

    public var value: Double {
        get { gtk_spin_button_get_value(opaque) }
        set { gtk_spin_button_set_value(opaque, newValue) }
    }

    /// The lowest and highest values allowed.
    public func setRange(minimum: Double, maximum: Double) {
        gtk_spin_button_set_range(opaque, minimum, maximum)
    }

    /// Calls `handler` after each change of ``value``.
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) {
        Signals.connect(raw, "value-changed", action: handler)
    }
}
