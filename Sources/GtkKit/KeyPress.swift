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

    /// Tab without Shift: the focus forward.
    public var isTab: Bool {
        (keyval == UInt32(GDK_KEY_Tab) || keyval == UInt32(GDK_KEY_KP_Tab)) && modifiers & GDK_SHIFT_MASK.rawValue == 0
    }

    /// Shift+Tab (which X keymaps send as ISO_Left_Tab): the focus back.
    public var isBackTab: Bool {
        keyval == UInt32(GDK_KEY_ISO_Left_Tab)
            || (keyval == UInt32(GDK_KEY_Tab) || keyval == UInt32(GDK_KEY_KP_Tab)) && modifiers & GDK_SHIFT_MASK.rawValue != 0
    }

    /// The space bar (which presses a focused button).
    public var isSpace: Bool { keyval == UInt32(GDK_KEY_space) || keyval == UInt32(GDK_KEY_KP_Space) }

    /// The key with the Super, Control, Alt and Shift held, in GTK's accelerator form (`<Control><Alt>k`, a letter in
    /// lower case); nil for a modifier key pressed alone. Other modifiers (Hyper, Meta, which some X keymaps put on
    /// the same keys as Super and Alt, and the locks) are left out.
    public var accelerator: String? {
        let held = GdkModifierType(rawValue: modifiers & (GDK_SUPER_MASK.rawValue | GDK_CONTROL_MASK.rawValue
            | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue))
        let key = gdk_keyval_to_lower(keyval)
        guard gtk_accelerator_valid(key, held) != 0, let name = gtk_accelerator_name(key, held) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// How GTK shows the accelerator `accelerator` (`<Super><Alt>l`) to a user, in the user's language: `Super+Alt+L`;
    /// nil when it does not parse.
    public static func label(ofAccelerator accelerator: String) -> String? {
        var key: guint = 0
        var held = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &held) != 0, key != 0,
              let label = gtk_accelerator_get_label(key, held) else { return nil }
        defer { g_free(label) }
        return String(cString: label)
    }
}
