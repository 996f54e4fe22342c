internal import CGtk

/// A one-line text field (GtkEntry).
@MainActor
public final class Entry: Widget {
    public init(accessibleLabel: String) {
        super.init(adopting: gtk_entry_new())
        setAccessibleLabel(accessibleLabel)
        setAlignment(vertical: .center)
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set { gtk_editable_set_text(opaque, newValue) }
    }

    /// How many characters wide the field asks to be.
    public func setWidthInCharacters(_ count: Int32) {
        gtk_editable_set_width_chars(opaque, count)
    }

    /// Calls `handler` when Enter is pressed in the field.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        Signals.connect(raw, "activate", action: handler)
    }
}
