internal import CGtk

/// A password entry that takes no text (GtkPasswordEntry, every insertion refused, typed, pasted or dropped),
/// shown as the caller lays it out (usually not at all): AT-SPI exposes it as a password text. It holds the
/// keyboard focus while a secret is typed into something else (a keypad), so that a screen reader treats the keys
/// as a password's and speaks none of them.
@MainActor
public final class HiddenPasswordEntry: Widget {
    public init() {
        super.init(adopting: gtk_password_entry_new())
        applock_editable_refuse_insertions(opaque)
    }
}
