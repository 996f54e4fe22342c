import AppLockCore
import AppLockProtocol
import AppLockSetupHelp
import GtkKit
import Translation

/// The shortcut that locks every protected app (`[Shortcuts] LockAll` in `applock.conf`, Super+Alt+L when unset), on
/// the Apps page: a row showing it, whose button takes the next key combination pressed (Escape keeps the shortcut,
/// Backspace turns it off), and under it what the guard says when the shortcut locks nothing (on X11, another
/// program has taken its key). On Plasma, whose own settings keep the shortcut (the KWin script's), the row has no
/// button and says where to change it.
@MainActor
final class ShortcutGroup {
    let group = PreferencesGroup(
        // TRANSLATORS: the title of the group on the Apps page that shows the shortcut locking every protected app.
        title: L("Keyboard Shortcut"), description: L("Press it anywhere on the desktop to lock every protected app"))
    private let row = ActionRow(title: L("Lock every protected app"))
    private let button = Button(label: "")
    private var capturing = false
    private var shown: Result<KeyboardShortcut?, KeyboardShortcutError>?
    private var report: GuardReport?

    /// Called with the shortcut the user pressed, or nil when they turned it off.
    var onChange: ((KeyboardShortcut?) -> Void)?

    init() {
        button.setAlignment(vertical: .center)
        row.addSuffix(button)
        row.setActivatableWidget(button)
        group.add(row)
        button.onClicked { [weak self] in self?.capture() }
    }

    /// A key pressed in the window: while the button waits for a shortcut, the key is taken (true); else it is left to
    /// the window (false).
    func keyPressed(_ key: KeyPress) -> Bool {
        guard capturing else { return false }
        if key.isEscape {
            capturing = false
        } else if key.isBackspace {
            capturing = false
            onChange?(nil)
        } else if let accelerator = key.accelerator {
            // Shift alone would take a capital letter from every app, as a key alone would take the key.
            guard let shortcut = try? KeyboardShortcut(parsing: accelerator), shortcut.modifiers.contains(where: { $0 != .shift })
            else {
                row.subtitle = L("Hold Super, Control or Alt with the key")
                return true
            }
            capturing = false
            onChange?(shortcut)
        } else {
            // A modifier alone: the key comes next.
            return true
        }
        update()
        return true
    }

    /// Shows the shortcut `applock.conf` chooses (a failure: its `LockAll` does not read, and the guard keeps the one
    /// it had), and what the guard says of it (`report`).
    func show(_ configured: Result<KeyboardShortcut?, KeyboardShortcutError>, report: GuardReport?) {
        guard configured != shown || report != self.report else { return }
        shown = configured
        self.report = report
        if !capturing { update() }
    }

    private func capture() {
        capturing = true
        // TRANSLATORS: the shortcut button while it waits for the keys of the new shortcut.
        button.label = L("Press the new shortcut…")
        row.subtitle = L("Escape keeps the shortcut; Backspace turns it off")
    }

    private func update() {
        button.isVisible = report?.desktopKeepsLockAllShortcut != true
        guard button.isVisible else {
            // TRANSLATORS: on KDE Plasma, whose own settings keep the shortcut. "AppLock: Lock All Now" is the
            // shortcut's name as Plasma lists it, in English: keep it as it is. "System Settings" and "Shortcuts"
            // as KDE writes them in your language.
            row.subtitle = L("Plasma keeps this shortcut: in System Settings, open Shortcuts and find “AppLock: Lock All Now” under KWin")
            return
        }
        switch shown {
        case .success(let shortcut?):
            button.label = KeyPress.label(ofAccelerator: shortcut.description) ?? shortcut.description
            row.subtitle = problem(of: shortcut)
        case .success(nil), nil:
            // TRANSLATORS: the shortcut button when no shortcut locks every app.
            button.label = L("Disabled")
            row.subtitle = ""
        case .failure:
            // The guard keeps the shortcut it had, the default at its start.
            let kept = report.map(\.lockAllShortcut).flatMap { $0.isEmpty ? nil : $0 } ?? KeyboardShortcut.lockAllDefault.description
            button.label = KeyPress.label(ofAccelerator: kept) ?? kept
            row.subtitle = L("The shortcut in applock.conf does not read: press a new one")
        }
    }

    /// What the guard says when `shortcut` locks nothing; empty while it works, or while the guard binds none itself.
    private func problem(of shortcut: KeyboardShortcut) -> String {
        guard let report, report.lockAllShortcut == shortcut.description else { return "" }
        switch ShortcutProblem(rawValue: report.lockAllShortcutProblem) {
        case .taken: return L("Another program (the window manager?) has taken this shortcut: press another")
        case .noSuchKey: return L("The keyboard has no key for this shortcut: press another")
        case nil: return ""
        }
    }
}
