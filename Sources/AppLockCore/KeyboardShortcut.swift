/// A key with modifiers, written as GTK and GNOME write accelerators (`<Super><Alt>l`), the form AppLock's files
/// and AppLock Settings use; each desktop's own spelling is derived from it (sway's `Mod4+Mod1+l`). Pure.
public struct KeyboardShortcut: Hashable, Sendable, CustomStringConvertible {
    /// The modifiers AppLock's shortcuts may hold.
    public enum Modifier: String, CaseIterable, Sendable, Comparable {
        /// In the order they are written.
        case superKey = "Super", control = "Control", alt = "Alt", shift = "Shift"

        public static func < (a: Modifier, b: Modifier) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }

        /// sway's and i3's name for it.
        var swayName: String {
            switch self {
            case .shift: "Shift"
            case .control: "Control"
            case .alt: "Mod1"
            case .superKey: "Mod4"
            }
        }
    }

    /// The group and key of `applock.conf` that name the shortcut locking every protected app.
    public static let fileGroup = "Shortcuts"
    public static let lockAllKey = "LockAll"
    /// Super+Alt+L: what locks every protected app until the user chooses another.
    public static let lockAllDefault = KeyboardShortcut(modifiers: [.superKey, .alt], key: "l")

    public let modifiers: Set<Modifier>
    /// The key's X keysym name (`l`, `F12`, `Escape`), lower case for a letter.
    public let key: String

    public init(modifiers: Set<Modifier>, key: String) {
        self.modifiers = modifiers
        self.key = key
    }

    /// Reads `<Modifier>…key`: modifiers `Super`, `Alt`, `Control` (or `Ctrl`, `Primary`), `Shift`, in any case and
    /// order, then one key named by its keysym (letters, digits and `_` only).
    public init(parsing text: String) throws(KeyboardShortcutError) {
        var rest = Substring(text.trimmingSpaces)
        var modifiers: Set<Modifier> = []
        while rest.hasPrefix("<") {
            guard let close = rest.firstIndex(of: ">") else { throw .malformed(text) }
            let name = rest[rest.index(after: rest.startIndex)..<close].lowercased()
            switch name {
            case "super", "mod4", "meta": modifiers.insert(.superKey)
            case "alt", "mod1": modifiers.insert(.alt)
            case "control", "ctrl", "primary": modifiers.insert(.control)
            case "shift": modifiers.insert(.shift)
            default: throw .unknownModifier(String(name))
            }
            rest = rest[rest.index(after: close)...]
        }
        guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw .malformed(text)
        }
        guard !modifiers.isEmpty else { throw .noModifier(text) }
        self.init(modifiers: modifiers, key: rest.count == 1 ? rest.lowercased() : String(rest))
    }

    /// The shortcut `applock.conf`'s `[Shortcuts]` group names for `key` (`LockAll`): `default` when the key is
    /// absent, nil when it is empty (no shortcut), and an error for a value that does not read.
    public static func configured(
        _ key: String, in file: KeyFile?, default: KeyboardShortcut
    ) throws(KeyboardShortcutError) -> KeyboardShortcut? {
        guard let value = file?.group(fileGroup)?.entry(key)?.value else { return `default` }
        if value.trimmingSpaces.isEmpty { return nil }
        return try KeyboardShortcut(parsing: value)
    }

    /// GTK's accelerator form, modifiers in a fixed order: `<Super><Alt>l`.
    public var description: String {
        modifiers.sorted().map { "<\($0.rawValue)>" }.joined() + key
    }

    /// sway's `bindsym` form: `Mod4+Mod1+l`.
    public var swayBinding: String {
        (modifiers.sorted().map(\.swayName) + [key]).joined(separator: "+")
    }
}

/// Why a shortcut's text does not read.
public enum KeyboardShortcutError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(String)
    case unknownModifier(String)
    /// A key alone would take that key from every app.
    case noModifier(String)

    public var description: String {
        switch self {
        case .malformed(let text): "\"\(text)\" is not a shortcut (write it as <Super><Alt>l)"
        case .unknownModifier(let name): "\"\(name)\" is not a modifier (Super, Alt, Control, Shift)"
        case .noModifier(let text): "\"\(text)\" has no modifier: it would take that key from every app"
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
