import AppLockClient
import AppLockCore
import AppLockDesktop
import AppLockProtocol
import GtkKit
import Translation

/// `applock-lock-window set-passcode`: set and confirm a first passcode, or change or remove the one the app
/// has, in a window of its own. Kinds offered are those the app's policy allows (`PasscodeKinds`).
@MainActor
final class SetupController {
    private let appID: AppID
    private let window: Window
    private let view: PasscodeView
    private let loop: MainLoop
    private var link: LockWindowAgentCalls?
    private var properties: AppProperties?
    private var setup: PasscodeFlow?
    private let kindRow = Box(.horizontal)
    private var kindButtons: [(PasscodeKind, ToggleButton)] = []
    private let changeButton = Button(label: L("Change Passcode"))
    private let removeButton = Button(label: L("Remove Passcode"))
    private let closeButton = Button(label: L("Close"))
    private var size: (width: Int32, height: Int32, widest: Int32)?

    init(appID: AppID, window: Window, loop: MainLoop) {
        self.appID = appID
        self.window = window
        self.loop = loop
        let entry = DesktopEntry.forLockWindow(appID.rawValue)
        view = PasscodeView(
            appName: entry.name, icon: entry.icon, window: window, withHeaderBar: true, submitLabel: L("Continue"))
        view.prompt = L("Connecting to AppLock…")
        view.onSubmit = { [weak self] passcode in self?.submit(passcode) }

        kindRow.addStyleClass("linked")
        kindRow.setAlignment(horizontal: .center)
        kindRow.isVisible = false
        kindRow.setMargins(top: 6, bottom: 6)
        view.options.append(kindRow)
        for button in [changeButton, removeButton, closeButton] {
            button.addStyleClass("pill")
            button.isVisible = false
            view.extras.append(button)
        }
        changeButton.addStyleClass("suggested-action")
        removeButton.addStyleClass("destructive-action")
        closeButton.addStyleClass("suggested-action")
        changeButton.onClicked { [weak self] in self?.begin(.change) }
        removeButton.onClicked { [weak self] in self?.begin(.remove) }
        closeButton.onClicked { [weak self] in self?.loop.quit() }
        // Escape closes the window at any step, as a dialog's Cancel does.
        window.onKeyPress { [weak self] key in
            guard let self, key.isEscape else { return false }
            self.loop.quit()
            return true
        }
        view.isEntryEnabled = false
    }

    /// The window's size, and the width it may widen to, by which the passcode screen picks its layout once the
    /// kinds to offer are known.
    func fit(width: Int32, height: Int32, widest: Int32) {
        size = (width, height, widest)
    }

    func start() throws {
        link = try LockWindowAgentCalls(appID: appID) { [weak self] update in self?.received(update) }
    }

    private func received(_ update: LockWindowAgentCalls.PropertiesUpdate) {
        let first = self.properties == nil
        if case .failure(let error) = update, LockNotice.isUnknownApplication(error), setup == nil, self.properties == nil {
            // Neither running nor with a passcode: the agent has no object for it until its passcode is set, which
            // SetPasscode does for any app. Every kind is offered; the agent refuses one the policy does not allow.
            self.properties = AppProperties(appID: appID)
            view.notice = nil
            begin(.set)
            return
        }
        guard case .success(let properties) = update else {
            if setup == nil {
                view.notice = LockNotice.current(properties: update, lastFailure: nil, now: 0).text
                view.isEntryEnabled = false
            }
            return
        }
        self.properties = properties
        guard first, setup == nil else { return }
        view.notice = nil
        if properties.hasPasscode {
            view.prompt = L("This app has a passcode.")
            view.hideInput()
            changeButton.isVisible = true
            removeButton.isVisible = true
        } else {
            begin(.set)
        }
    }

    private func begin(_ purpose: PasscodeFlow.Purpose) {
        guard let properties else { return }
        changeButton.isVisible = false
        removeButton.isVisible = false
        let allowed = properties.allowedKinds.isEmpty ? PasscodeKind.allCases : properties.allowedKinds
        buildKindButtons(allowed)
        if let size { view.fit(width: size.width, height: size.height, widest: size.widest, atFullest: kindRow) }
        let setup = PasscodeFlow(purpose, kind: allowed[0])
        self.setup = setup
        view.configure(kind: setup.step == .enterCurrent ? (properties.passcodeKind ?? setup.kind) : setup.kind)
        show()
    }

    private func submit(_ passcode: PasscodeBytes) {
        guard var setup, let link else { return }
        let request = setup.submit(passcode)
        self.setup = setup
        show()
        guard let request else { return }
        let done: LockWindowAgentCalls.Completion = { [weak self] result in
            guard let self, var setup = self.setup else { return }
            setup.complete(result)
            self.setup = setup
            self.show()
        }
        link.send(request, completion: done)
    }

    /// Puts the screen in line with the flow's step.
    private func show() {
        guard let setup else { return }
        view.prompt = setup.sentence
        view.notice = setup.notice?.sentence
        let inputKind = setup.step == .enterCurrent ? (properties?.passcodeKind ?? setup.kind) : setup.kind
        if inputKind != view.kind { view.configure(kind: inputKind) }
        kindRow.isVisible = setup.step == .choose && kindButtons.count > 1
        view.isEntryEnabled = setup.step != .waiting && setup.step != .finished
        closeButton.isVisible = setup.step == .finished
        if setup.step == .finished {
            view.configure(kind: view.kind)
            view.hideInput()
            // The last page closes with Return (its default widget, focused) and Escape.
            window.setDefaultWidget(closeButton)
            closeButton.grabFocus()
        }
    }

    private func buildKindButtons(_ kinds: [PasscodeKind]) {
        guard kindButtons.isEmpty else { return }
        for kind in kinds {
            let button = ToggleButton(toggleLabel: translated(kind.label))
            button.setAccessibleDescription(L("Passcode kind"))
            if let first = kindButtons.first?.1 { button.join(first) } else { button.isActive = true }
            button.onToggled { [weak self, weak button] in
                guard let self, let button, button.isActive, var setup = self.setup else { return }
                setup.kind = kind
                self.setup = setup
                self.show()
            }
            kindRow.append(button)
            kindButtons.append((kind, button))
        }
    }
}
