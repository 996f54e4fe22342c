internal import CGtk

/// An on/off switch (GtkSwitch); give it an accessible label, since it shows no text of its own.
@MainActor
public final class Switch: Widget {
    /// A switch labelled `accessibleLabel`; without one, make it a row's activatable widget, so the row labels it.
    public init(accessibleLabel: String? = nil) {
        super.init(adopting: gtk_switch_new())
        if let accessibleLabel { setAccessibleLabel(accessibleLabel) }
        setAlignment(vertical: .center)
    }

    public var isOn: Bool {
        get { gtk_switch_get_active(opaque) != 0 }
        set { gtk_switch_set_active(opaque, newValue ? 1 : 0) }
    }

    /// Calls `handler` after each change of ``isOn``, by the user or by code.
    public func onToggled(_ handler: @escaping @MainActor () -> Void) {
        Signals.connectNotify(raw, property: "active", action: handler)
    }
}
