import AppLockClient
import AppLockCore
import AppLockDesktop
import GtkKit
import Translation

/// An app on the Apps page: its icon and name, its status, a "Protect" switch, and a button to its own page; or an
/// id that is guarded but that no installed desktop file has, by its id, with a warning and its switch alone.
@MainActor
final class AppRow {
    let app: DesktopEntry
    let row: ActionRow
    let protect: Switch
    /// The user switched "Protect".
    var onProtect: ((Bool) -> Void)?
    /// The user opened the app's page.
    var onOpen: (() -> Void)?
    private var showing = false
    private(set) var status: AppStatus?
    /// False for a guarded id with no desktop file.
    let isInstalled: Bool

    init(_ app: DesktopEntry, installed: Bool = true) {
        self.app = app
        isInstalled = installed
        row = ActionRow(title: app.name)
        row.addPrefix(AppIcon.image(installed ? app.icon : "dialog-warning-symbolic", size: 32, name: app.name))
        protect = Switch(accessibleLabel: L("Protect %1$s", app.name))
        protect.tooltip = L("Protect %1$s", app.name)
        row.addSuffix(protect)
        protect.onToggled { [weak self] in
            guard let self, !showing else { return }
            onProtect?(protect.isOn)
        }
        guard installed else { return }
        let open = Button(iconName: "go-next-symbolic", accessibleLabel: L("Open %1$s", app.name))
        open.addStyleClass("flat")
        open.setAlignment(vertical: .center)
        row.addSuffix(open)
        open.onClicked { [weak self] in self?.onOpen?() }
        row.onActivated { [weak self] in self?.onOpen?() }
    }

    /// Shows `status`; `editable` false when the app's policy file is broken.
    func show(_ status: AppStatus, editable: Bool, now: UInt64) {
        showing = true
        defer { showing = false }
        self.status = status
        if !editable {
            row.subtitle = L("Its policy file has errors; see above")
        } else if isInstalled {
            row.subtitle = status.summary(now: now)
        } else {
            // TRANSLATORS: a guarded app id for which no installed app has a desktop file; then its status.
            row.subtitle = L("No installed app has this id · %1$s", status.summary(now: now))
        }
        if protect.isOn != status.guardedInForce { protect.isOn = status.guardedInForce }
        protect.isSensitive = editable && !status.guardRequired
    }
}
