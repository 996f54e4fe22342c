import AppLockCore
import AppLockProtocol
import GtkKit
import Translation

/// The weakenings of protected apps' policies the agent holds until they are authenticated
/// (`GetHeldPolicyChanges`), one row each with a "Confirm…" button that opens the ``PolicyConfirmationDialog``;
/// hidden while there is none.
@MainActor
final class HeldChangesGroup {
    let group = PreferencesGroup(
        title: L("Changes Waiting for Your Passcode"),
        description: L("These changes make an app's protection weaker. They apply once the app's passcode, or your own password, confirms them; until then the app stays protected as before."))
    var onConfirm: ((AppID) -> Void)?
    private var shown: [AppID: [String]] = [:]

    init() {
        group.isVisible = false
    }

    /// Shows `held` (the keys waiting per app); `name` gives each app's name.
    func show(_ held: [AppID: [String]], name: (AppID) -> String) {
        guard held != shown else { return }
        shown = held
        group.removeAll()
        for app in held.keys.sorted() {
            let row = ActionRow(
                title: L("%1$s: change waiting for your passcode", name(app)),
                subtitle: L("Made weaker: %1$s", Self.labels(held[app]!)))
            row.addPrefix(Image(iconName: "dialog-warning-symbolic"))
            let confirm = Button(label: L("Confirm…"))
            confirm.setAccessibleLabel(L("Confirm the change for %1$s", name(app)))
            confirm.setAlignment(vertical: .center)
            confirm.onClicked { [weak self] in self?.onConfirm?(app) }
            row.addSuffix(confirm)
            group.add(row)
        }
        group.isVisible = !held.isEmpty
    }

    /// The policy keys `keys` as Settings' rows name them ("Protect Windows, Grace Period").
    static func labels(_ keys: [String]) -> String {
        keys.map { key in PolicyKey.all.first { $0.name == key }.map { translated($0.label) } ?? key }.joined(separator: ", ")
    }
}
