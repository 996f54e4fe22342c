internal import CGtk

/// One key pressed, as GDK reports it.
public struct KeyPress: Sendable, Equatable {
    /// The GDK key value (`GDK_KEY_*`).
    public let keyval: UInt32
    /// The modifier mask (`GdkModifierType`).
    public let modifiers: UInt32

    /// The character the key types, nil for keys that type none (arrows, Shift, …).
    public var character: Character? {
        let code = gdk_keyval_to_unicode(keyval)
        guard code != 0, let scalar = Unicode.Scalar(code) else { return nil }
        return Character(scalar)
    }

    /// Whether Control or Alt was held (the key is a shortcut, not typing).
    public var isShortcut: Bool {
        modifiers & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) != 0
    }

    /// Backspace.
    public var isBackspace: Bool { keyval == UInt32(GDK_KEY_BackSpace) }

    /// Return or the keypad's Enter.
    public var isEnter: Bool { keyval == UInt32(GDK_KEY_Return) || keyval == UInt32(GDK_KEY_KP_Enter) }

    /// Escape.
    public var isEscape: Bool { keyval == UInt32(GDK_KEY_Escape) }
}
