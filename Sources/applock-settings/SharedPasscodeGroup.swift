import AppLockClient
import AppLockProtocol
import AppLockCore
import GtkKit
import Translation

/// The Security page's AppLock Passcode row: whether the one passcode many apps may use is set, its kind and how
/// many apps use it, and a button that opens the passcode window to set, change or remove it. The passcode never
/// passes through Settings.
@MainActor
final class SharedPasscodeGroup {
    let group = PreferencesGroup(
        title: L("AppLock Passcode"), description: L("One passcode for all the apps you protect; an app may have its own instead"))
    private let row = ActionRow(title: L("AppLock Passcode"))
    private let button = Button(label: L("Set Passcode…"))
    /// Called when the button is pressed.
    var onOpen: (() -> Void)?

    init() {
        button.setAlignment(vertical: .center)
        row.addSuffix(button)
        group.add(row)
        button.onClicked { [weak self] in self?.onOpen?() }
    }

    func refresh(_ agent: AgentView) {
        let users = agent.apps.values.filter { $0.passcodeSource == .shared }.count
        if !agent.running {
            row.subtitle = L("AppLock is not running")
            button.label = L("Set Passcode…")
        } else if let kind = agent.sharedPasscodeKind {
            // TRANSLATORS: %1$s is the passcode's kind ("4 Digits"); then how many apps use the AppLock passcode.
            row.subtitle = L("Set (%1$s)", translated(kind.label)) + " · "
                + N("Used by %d app", "Used by %d apps", users)
            button.label = L("Change or Remove…")
        } else {
            row.subtitle = L("Not set")
            button.label = L("Set Passcode…")
        }
        button.setAccessibleLabel(button.label == L("Set Passcode…") ? L("Set the AppLock passcode") : L("Change or remove the AppLock passcode"))
        button.isSensitive = agent.running
    }
}
