/// The read-only properties of the guard's status interface (`io.github.applock.Guard1`), which `applockctl status`
/// and AppLock Settings read; the raw value is the D-Bus name. `Protected`, `Reason`, `Statement`, `Fix`
/// and `Windows` change while the guard runs (announced with `PropertiesChanged`): `Protected` is true only once the desktop's side has
/// answered (X11: a cover could be made; sway: its IPC answered; KWin: the script is loaded and has polled; GNOME:
/// the AppLock extension is `ENABLED` and has polled), and false again within 2 s of that ceasing.
public enum GuardProperty: String, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    /// The desktop the guard runs in (`x11`, `sway`, …).
    case desktop = "Desktop"
    /// Whether the guard can hide guarded apps there now.
    case protected = "Protected"
    /// Why not, as a ``GuardReason`` raw value; empty while protected.
    case reason = "Reason"
    /// That, in one sentence: `protecting guarded apps on sway`, `NOT protecting on GNOME 48.7: …`.
    case statement = "Statement"
    /// What the user can do about it, in one sentence; empty while protected.
    case fix = "Fix"
    /// Every window the guard has found to be a guarded app's now, as (app id, the desktop's window id, how it is
    /// covered: `locked`, `obscured`, or empty while uncovered); no titles, which may name a locked app's documents.
    case windows = "Windows"
    /// The shortcut that locks every protected app as the guard last bound it itself, in GTK's accelerator form
    /// (`<Super><Alt>l`): on X11, grabbed on the X server. Empty where the guard binds none itself (none is chosen;
    /// GNOME's extension, KWin's script and sway bind it).
    case lockAllShortcut = "LockAllShortcut"
    /// Why ``lockAllShortcut`` locks nothing, as a ``ShortcutProblem`` raw value; empty while it works.
    case lockAllShortcutProblem = "LockAllShortcutProblem"

    /// ``desktop``'s value on KDE Plasma (Wayland), where KWin keeps the shortcut that locks every protected app: the
    /// KWin script's own, "AppLock: Lock All Now" in Plasma's Shortcuts settings, which `applock.conf`'s `LockAll`
    /// does not change.
    public static let plasmaDesktop = "kde-wayland"

    /// The D-Bus property name.
    public var name: String { rawValue }

    public var description: String { rawValue }

    public var contract: PropertyContract {
        switch self {
        case .desktop, .reason, .statement, .fix, .lockAllShortcut, .lockAllShortcutProblem: PropertyContract("s")
        case .protected: PropertyContract("b")
        case .windows: PropertyContract("a(sss)")
        }
    }
}
