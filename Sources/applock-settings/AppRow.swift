import AppLockClient
import AppLockCore
import AppLockDesktop
import GtkKit
import Translation

/// An installed app on the Apps page: its icon and name, its status, a "Protect" switch, and a button to its
/// own page.
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

    init(_ app: DesktopEntry) {
        self.app = app
        row = ActionRow(title: app.name)
        row.addPrefix(AppIcon.image(app.icon, size: 32, name: app.name))
        protect = Switch(accessibleLabel: L("Protect %1$s", app.name))
        protect.tooltip = L("Protect %1$s", app.name)
        row.addSuffix(protect)
        let open = Button(iconName: "go-next-symbolic", accessibleLabel: L("Open %1$s", app.name))
        open.addStyleClass("flat")
        open.setAlignment(vertical: .center)
        row.addSuffix(open)
        open.onClicked { [weak self] in self?.onOpen?() }
        row.onActivated { [weak self] in self?.onOpen?() }
        protect.onToggled { [weak self] in
            guard let self, !showing else { return }
            onProtect?(protect.isOn)
        }
    }

    /// Shows `status`; `editable` false when the app's policy file is broken.
    func show(_ status: AppStatus, editable: Bool, now: UInt64) {
        showing = true
        defer { showing = false }
        self.status = status
        row.subtitle = editable ? status.summary(now: now) : L("Its policy file has errors; see above")
        if protect.isOn != status.guardedInForce { protect.isOn = status.guardedInForce }
        protect.isSensitive = editable && !status.guardRequired
    }
}
