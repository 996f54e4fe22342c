/// Why the shortcut the guard binds itself locks nothing (``GuardProperty/lockAllShortcutProblem``); the raw value
/// is the property's.
public enum ShortcutProblem: String, Sendable, Equatable, CaseIterable {
    /// Another client (the window manager, a hotkey daemon) holds the key already: X11's BadAccess.
    case taken
    /// The keyboard has no key for the shortcut's keysym.
    case noSuchKey = "no-such-key"
}
