public import AppLockClient
import AppLockProtocol
import DBusKit
import Translation

/// What `applock-guard` says about itself on its status object (``GuardProperty``): the desktop, whether it can hide
/// guarded apps there now, why not (a ``GuardReason`` raw value), that in one sentence, and the fix. Read by
/// `applockctl status` and AppLock Settings with ``AppLockRequest/guardReport``.
public struct GuardReport: Sendable, Equatable {
    public var desktop: String
    public var protected: Bool
    /// Empty while protected.
    public var reason: String
    public var statement: String
    /// Empty while protected.
    public var fix: String
    /// The windows the guard has found to be guarded apps' now.
    public var windows: [Window]
    /// The shortcut that locks every protected app as the guard bound it itself (`<Super><Alt>l`; empty: none), and
    /// why it locks nothing (a ``ShortcutProblem`` raw value; empty while it works).
    public var lockAllShortcut = ""
    public var lockAllShortcutProblem = ""
    /// Whether the desktop keeps the shortcut in its own settings (Plasma's, for KWin's script), where AppLock's
    /// `LockAll` changes nothing.
    public var desktopKeepsLockAllShortcut: Bool { desktop == GuardProperty.plasmaDesktop }

    /// A window the guard has found to be a guarded app's: the app, the desktop's id of the window, and how it is
    /// covered (`locked`, `obscured`, empty while uncovered).
    public struct Window: Sendable, Equatable {
        public var app: String
        public var window: String
        public var cover: String

        public init(app: String, window: String, cover: String) {
            self.app = app
            self.window = window
            self.cover = cover
        }
    }

    public init(desktop: String, protected: Bool, reason: String, statement: String, fix: String, windows: [Window] = []) {
        self.desktop = desktop
        self.protected = protected
        self.reason = reason
        self.statement = statement
        self.fix = fix
        self.windows = windows
    }
}

extension AppLockRequest where Value == GuardReport {
    /// The guard's status (`Properties.GetAll` on its status object); fails when no guard runs (it is never started
    /// by the bus).
    public static var guardReport: Self {
        Self(
            destination: GuardBusNames.busName, path: try! ObjectPath(GuardBusNames.statusPath),
            interface: StandardInterfaces.properties, member: "GetAll", [.string(GuardBusNames.statusInterface)]
        ) { reply, _ in
            var values: [String: DBusValue] = [:]
            for (key, value) in reply.first?.dictionaryValue ?? [] {
                if let name = key.stringValue { values[name] = value.variantValue ?? value }
            }
            func text(_ property: GuardProperty) -> String { values[property.name]?.stringValue ?? "" }
            guard let protected = values[GuardProperty.protected.name]?.boolValue else { return nil }
            let windows = (values[GuardProperty.windows.name]?.arrayValue ?? []).compactMap { row -> GuardReport.Window? in
                guard let fields = row.structureValue, fields.count == 3, let app = fields[0].stringValue,
                      let window = fields[1].stringValue, let cover = fields[2].stringValue else { return nil }
                return GuardReport.Window(app: app, window: window, cover: cover)
            }
            var report = GuardReport(
                desktop: text(.desktop), protected: protected, reason: text(.reason), statement: text(.statement),
                fix: text(.fix), windows: windows)
            report.lockAllShortcut = text(.lockAllShortcut)
            report.lockAllShortcutProblem = text(.lockAllShortcutProblem)
            return report
        }
    }
}

extension GuardReport {
    /// What to tell the user when guarded apps may be visible, in the user's language: the guard's own statement and
    /// fix while it is not protecting, or, when no guard runs (`report` nil) while `guardedApps` is not empty, that no
    /// guard runs. Nil when nothing is wrong. `applockctl status` and AppLock Settings say the same from it.
    public static func exposure(_ report: GuardReport?, guardedApps: [String]) -> (statement: String, fix: String)? {
        guard let report else {
            guard !guardedApps.isEmpty else { return nil }
            return (L("NOT protecting: applock-guard is not running, so nothing hides %1$s", guardedApps.joined(separator: ", ")),
                    L("start it (systemctl --user start applock-guard, or log out and in)"))
        }
        return report.protected ? nil : (shownStatement(report.statement), shownPhrase(report.fix))
    }
}
