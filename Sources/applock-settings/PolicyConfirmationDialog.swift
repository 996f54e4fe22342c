import AppLockClient
import AppLockCore
import AppLockProtocol
import GtkKit
import Translation

/// The window in which AppLock Settings confirms a weakening of an app's policy that the agent holds: with the
/// app's passcode (`ConfirmPolicy`) or with the user's own system authentication
/// (`ConfirmPolicyWithSystemAuthentication`, polkit's dialog). The passcode is copied from GTK's secure buffer into
/// ``PasscodeBytes``, the entry is cleared at once, and a `String` of it exists only inside the D-Bus request;
/// it is never logged or shown.
@MainActor
final class PolicyConfirmationDialog {
    let window: Window
    let app: AppID
    private let name: String
    private let monitor: AgentMonitor
    private let explanation = Label()
    private let entry: PasswordEntry
    private let confirmButton = Button(label: L("Confirm"))
    private let systemButton = Button(label: L("Confirm with System Authentication"))
    private let notice = Label()
    /// Called once the change applied, with the sentence to show.
    var onConfirmed: ((String) -> Void)?

    /// Call ``show(keys:systemAuthenticationAllowed:)`` before presenting it.
    init(app: AppID, name: String, monitor: AgentMonitor, over parent: Widget) {
        self.app = app
        self.name = name
        self.monitor = monitor
        window = Window(title: L("Confirm the Change for %1$s", name))
        entry = PasswordEntry(placeholder: L("Passcode for %1$s", name))
        let root = Box(.vertical)
        let header = HeaderBar()
        header.makeFlat()
        root.append(header)
        let content = Box(.vertical, spacing: 12)
        content.setMargins(top: 0, bottom: 24, start: 24, end: 24)
        root.append(content)
        let heading = Label(L("This change makes the protection of %1$s weaker", name))
        heading.addStyleClass("title-4")
        heading.wrapCentred(maxCharacters: 48)
        content.append(heading)
        explanation.wrapCentred(maxCharacters: 52)
        content.append(explanation)
        entry.onActivate { [weak self] in self?.confirmWithPasscode() }
        content.append(entry)
        notice.wrapCentred(maxCharacters: 52)
        notice.addStyleClass("error")
        notice.isVisible = false
        content.append(notice)
        let buttons = Box(.horizontal, spacing: 6)
        buttons.setAlignment(horizontal: .end)
        systemButton.setAccessibleDescription(L("Confirm with your account password or fingerprint"))
        systemButton.onClicked { [weak self] in self?.confirmWithSystemAuthentication() }
        confirmButton.addStyleClass("suggested-action")
        confirmButton.onClicked { [weak self] in self?.confirmWithPasscode() }
        buttons.append(systemButton)
        buttons.append(confirmButton)
        content.append(buttons)
        window.setContent(root)
        window.makeModal(over: parent)
        window.setDefaultSize(width: 440, height: -1)
        window.setDefaultWidget(confirmButton)
        // Escape closes it, as it closes every dialog: the change keeps waiting, listed on the Apps page.
        window.onKeyPress { [weak self] key in
            guard key.isEscape else { return false }
            self?.window.close()
            return true
        }
    }

    /// Shows the held keys (they may change while the window is open), and offers system authentication only where
    /// the app's policy allows it (the agent would refuse it by name otherwise).
    func show(keys: [String], systemAuthenticationAllowed: Bool) {
        systemButton.isVisible = systemAuthenticationAllowed
        explanation.text = systemAuthenticationAllowed
            ? L("Waiting for your passcode: %1$s. Enter the passcode of %2$s to apply it, or confirm it with your own system authentication.", HeldChangesGroup.labels(keys), name)
            : L("Waiting for your passcode: %1$s. Enter the passcode of %2$s to apply it.", HeldChangesGroup.labels(keys), name)
    }

    func present() {
        window.present()
        entry.grabFocus()
    }

    private var busy: Bool {
        get { !confirmButton.isSensitive }
        set {
            confirmButton.isSensitive = !newValue
            systemButton.isSensitive = !newValue
            entry.isSensitive = !newValue
        }
    }

    private func confirmWithPasscode() {
        guard !busy, !entry.isEmpty, let passcode = entry.withTextBytes({ PasscodeBytes(copying: $0) }) else { return }
        entry.clear()
        busy = true
        let app = self.app
        let request = AppLockRequest<Void>.confirmPolicy(app, passcode: passcode.makeString())
        passcode.wipe()
        monitor.perform { connection in
            let failure: AppLockError?
            do throws(AppLockError) {
                try connection.performBlocking(request)
                failure = nil
            } catch {
                failure = error
            }
            let properties = failure == nil ? nil : try? connection.blocking.properties(of: app)
            MainLoop.post { [weak self] in self?.answered(failure, properties: properties, proof: L("its passcode")) }
        }
    }

    private func confirmWithSystemAuthentication() {
        guard !busy else { return }
        busy = true
        notice.isVisible = false
        let (connection, app) = (monitor.connection, self.app)
        // Off the main actor: GTK's loop, not Swift's, runs the main thread. The user may take minutes in polkit's
        // dialog; the monitor's reads go on meanwhile.
        Task.detached {
            let failure: AppLockError?
            do throws(AppLockError) {
                try await connection.perform(.confirmPolicyWithSystemAuthentication(app))
                failure = nil
            } catch {
                failure = error
            }
            MainLoop.post { [weak self] in self?.answered(failure, properties: nil, proof: L("system authentication")) }
        }
    }

    private func answered(_ failure: AppLockError?, properties: AppProperties?, proof: String) {
        busy = false
        guard let failure else {
            // TRANSLATORS: %2$s is "its passcode" or "system authentication".
            onConfirmed?(L("The change for %1$s applies: confirmed with %2$s.", name, proof))
            window.close()
            return
        }
        notice.text = Self.sentence(failure, properties: properties)
        notice.isVisible = true
        entry.grabFocus()
    }

    /// What the user reads after a refusal: attempts left and the time to wait come from the app's properties.
    private static func sentence(_ error: AppLockError, properties: AppProperties?) -> String {
        switch error {
        case .agent(.wrongPasscode, _):
            guard let left = properties?.attemptsLeft else { return L("Wrong passcode.") }
            return N("Wrong passcode; %d attempt left before a lock-out.", "Wrong passcode; %d attempts left before a lock-out.", Int(left))
        case .agent(.lockedOut, _):
            let seconds = properties?.secondsUntilRetry() ?? 0
            return seconds > 0
                ? N("Too many failed attempts; try again in %d second.", "Too many failed attempts; try again in %d seconds.", Int(seconds))
                : L("Too many failed attempts; try again later.")
        case .agent(.notAuthorized, let message):
            return L("System authentication did not confirm the change, so it is still waiting.") + " " + message
        case .agent(.systemAuthUnavailable, _):
            return L("System authentication is not available here; use the passcode.")
        case .agent(.policyChanged, _):
            return L("The policy changed while you authenticated, so nothing was confirmed. Check the change and confirm again.")
        case .agent(_, let message):
            return message
        case .agentUnavailable, .closed:
            return L("The AppLock agent is not running.")
        case .noReply:
            return L("The AppLock agent did not answer.")
        case .other(_, let message):
            return message
        }
    }
}
