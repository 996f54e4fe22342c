internal import CGtk

/// A one-line entry for a secret (GtkPasswordEntry): its text lives in GTK's non-pageable secure buffer, which
/// is wiped when cleared, and is shown as dots.
@MainActor
public final class PasswordEntry: Widget {
    public init(placeholder: String) {
        super.init(adopting: gtk_password_entry_new())
        gtk_password_entry_set_show_peek_icon(opaque, 1)
        setAccessibleLabel(placeholder)
        applock_password_entry_set_placeholder(opaque, placeholder)
    }

    /// Calls `body` with the entry's bytes (UTF-8), read in place from the secure buffer: copy nothing you
    /// cannot wipe.
    public func withTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let text = gtk_editable_get_text(opaque)!
        let count = strlen(text)
        return text.withMemoryRebound(to: UInt8.self, capacity: count) { body(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// Whether the entry is empty.
    public var isEmpty: Bool { withTextBytes { $0.isEmpty } }

    /// Deletes the text (the secure buffer wipes the memory it held).
    public func clear() {
        gtk_editable_set_text(opaque, "")
    }

    /// Calls `handler` when Enter is pressed in the entry.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        Signals.connect(raw, "activate", action: handler)
    }
}
