import AppLockClient
import AppLockCore
import AppLockDesktop
import AppLockProtocol
import GtkKit
import Translation

/// `applock-lock-window set-passcode`: set and confirm a first passcode, or change or remove the one the app
/// has, in a window of its own. Kinds offered are those the app's policy allows (`PasscodeKinds`).
///
/// With no AppLock passcode set, an app without a passcode gets the AppLock passcode by default (set, then used by
/// the app), with a plain choice of a passcode of its own instead; with one set, the window offers to switch the
/// app between the two. Without an app (`--shared`) it sets, changes or removes the AppLock passcode itself.
@MainActor
final class SetupController {
    /// What the agent says of the AppLock passcode, once read.
    private enum SharedPasscode: Equatable {
        case unknown, notSet, set(PasscodeKind)
    }

    private let appID: AppID?
    private let switching: Bool
    private let window: Window
    private let view: PasscodeView
    private let loop: MainLoop
    private var link: LockWindowAgentCalls?
    private var properties: AppProperties?
    private var shared = SharedPasscode.unknown
    /// The first screen is shown: it is chosen once, not again as the properties change.
    private var decided = false
    private var setup: PasscodeFlow?
    private var target = SetupTarget.app
    /// The app used the AppLock passcode when the flow began (its properties change as the flow ends).
    private var beganWithShared = false
    private let explanation = Label()
    private let kindRow = Box(.horizontal)
    private var kindButtons: [(PasscodeKind, ToggleButton)] = []
    private let changeButton = Button(label: L("Change Passcode"))
    private let removeButton = Button(label: L("Remove Passcode"))
    private let useSharedButton = Button(label: L("Use the AppLock Passcode"))
    private let ownButton = Button(label: L("Give It Its Own Passcode"))
    private let ownInsteadButton = Button(label: L("Give This App Its Own Passcode Instead"))
    private let sharedInsteadButton = Button(label: L("Use the AppLock Passcode Instead"))
    private let closeButton = Button(label: L("Close"))
    private var size: (width: Int32, height: Int32, widest: Int32)?

    /// `appID` nil: the window of the AppLock passcode itself. `switching`: it begins at once the switch of the app
    /// from the AppLock passcode to one of its own, or back (`switch-passcode`).
    init(appID: AppID?, switching: Bool, window: Window, loop: MainLoop) {
        self.appID = appID
        self.switching = switching
        self.window = window
        self.loop = loop
        let entry = appID.map { DesktopEntry.forLockWindow($0.rawValue) }
        view = PasscodeView(
            appName: entry?.name ?? L("AppLock Passcode"), icon: entry?.icon ?? "io.github.applock.Settings",
            window: window, withHeaderBar: true, submitLabel: L("Continue"))
        view.prompt = L("Connecting to AppLock…")
        view.onSubmit = { [weak self] passcode in self?.submit(passcode) }

        explanation.wrapCentred(maxCharacters: 40)
        explanation.isVisible = false
        explanation.setMargins(top: 6, bottom: 0)
        view.options.append(explanation)
        kindRow.addStyleClass("linked")
        kindRow.setAlignment(horizontal: .center)
        kindRow.isVisible = false
        kindRow.setMargins(top: 6, bottom: 6)
        view.options.append(kindRow)
        for button in [changeButton, removeButton, useSharedButton, ownButton, ownInsteadButton, sharedInsteadButton, closeButton] {
            button.addStyleClass("pill")
            button.isVisible = false
            view.extras.append(button)
        }
        changeButton.addStyleClass("suggested-action")
        removeButton.addStyleClass("destructive-action")
        useSharedButton.addStyleClass("suggested-action")
        closeButton.addStyleClass("suggested-action")
        ownInsteadButton.addStyleClass("flat")
        sharedInsteadButton.addStyleClass("flat")
        changeButton.onClicked { [weak self] in self?.begin(.change, for: self?.appID == nil ? .shared : .app) }
        removeButton.onClicked { [weak self] in self?.begin(.remove, for: self?.appID == nil ? .shared : .app) }
        // With a passcode of its own, the app's passcode is asked first; without one, nothing is.
        useSharedButton.onClicked { [weak self] in
            guard let self else { return }
            if properties?.hasPasscode == true { begin(.remove, for: .switchToShared) } else { useShared() }
        }
        // Using the AppLock passcode, ChangePasscode with it gives the app its own; without one, SetPasscode.
        ownButton.onClicked { [weak self] in
            guard let self else { return }
            begin(properties?.passcodeSource == .shared ? .change : .set, for: .app)
        }
        ownInsteadButton.onClicked { [weak self] in self?.begin(.set, for: .app) }
        sharedInsteadButton.onClicked { [weak self] in self?.begin(.set, for: .sharedForApp) }
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
        let link = try LockWindowAgentCalls(appID: appID) { [weak self] update in self?.received(update) }
        self.link = link
        link.sharedPasscodeKind { [weak self] kind in
            guard let self else { return }
            shared = kind.map(SharedPasscode.set) ?? .notSet
            decide()
        }
    }

    private func received(_ update: LockWindowAgentCalls.PropertiesUpdate) {
        if case .failure(let error) = update, LockNotice.isUnknownApplication(error), setup == nil, self.properties == nil {
            // Neither running nor with a passcode: the agent has no object for it until its passcode is set, which
            // SetPasscode does for any app. Every kind is offered; the agent refuses one the policy does not allow.
            if let appID { self.properties = AppProperties(appID: appID) }
            view.notice = nil
            decide()
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
        decide()
    }

    /// Once the app's properties and the AppLock passcode are known, shows the first screen (once).
    private func decide() {
        guard !decided, setup == nil, shared != .unknown, appID == nil || properties != nil else { return }
        decided = true
        view.notice = nil
        let usesShared = properties?.passcodeSource == .shared
        let hasPasscode = properties?.hasPasscode == true
        switch (appID, shared) {
        case (_?, .set) where switching && usesShared:
            begin(.change, for: .app)
        case (_?, .set) where switching && hasPasscode:
            begin(.remove, for: .switchToShared)
        case (nil, .set):
            choices(L("The AppLock passcode is set. The apps you choose use it."), [changeButton, removeButton])
        case (nil, _):
            begin(.set, for: .shared)
        case (_?, .set) where usesShared:
            choices(L("This app uses the AppLock passcode."), [ownButton, removeButton])
        case (_?, .set) where hasPasscode:
            choices(L("This app has a passcode."), [changeButton, removeButton, useSharedButton])
        case (_?, _) where hasPasscode:
            choices(L("This app has a passcode."), [changeButton, removeButton])
        case (_?, .set):
            choices(L("This app can use the AppLock passcode, or have one of its own."), [useSharedButton, ownButton])
        case (_?, _):
            begin(.set, for: .sharedForApp)
        }
    }

    /// A screen of buttons only: what the passcode is now and what can be done.
    private func choices(_ sentence: String, _ buttons: [Button]) {
        view.prompt = sentence
        view.hideInput()
        for button in buttons { button.isVisible = true }
    }

    /// `UseSharedPasscode`: no passcode to type (the app had none).
    private func useShared() {
        guard let link else { return }
        for button in [useSharedButton, ownButton] { button.isSensitive = false }
        link.useSharedPasscode { [weak self] result in
            guard let self else { return }
            for button in [useSharedButton, ownButton] { button.isSensitive = true }
            switch result {
            case .success:
                for button in [useSharedButton, ownButton] { button.isVisible = false }
                view.prompt = L("This app uses the AppLock passcode now.")
                view.notice = nil
                showClose()
            case .failure(let error):
                view.notice = PasscodeFlow.Notice.failed(error).sentence
            }
        }
    }

    private func begin(_ purpose: PasscodeFlow.Purpose, for target: SetupTarget) {
        setup?.reset()
        self.target = target
        beganWithShared = properties?.passcodeSource == .shared
        for button in [changeButton, removeButton, useSharedButton, ownButton] { button.isVisible = false }
        let policyKinds = properties?.allowedKinds ?? []
        let allowed = policyKinds.isEmpty ? PasscodeKind.allCases : policyKinds
        buildKindButtons(allowed)
        explanation.text = target == .sharedForApp || target == .shared
            ? L("The AppLock passcode: one passcode for all the apps you protect.") : ""
        explanation.isVisible = !explanation.text.isEmpty
        ownInsteadButton.isVisible = target == .sharedForApp
        sharedInsteadButton.isVisible = target == .app && purpose == .set && shared == .notSet
        if let size { view.fit(width: size.width, height: size.height, widest: size.widest, atFullest: kindRow) }
        let setup = PasscodeFlow(purpose, kind: kindButtons.first { $0.1.isActive }?.0 ?? allowed[0])
        self.setup = setup
        view.configure(kind: currentKind(setup))
        show()
    }

    /// The kind the entry takes now: the passcode's own while its current one is entered, the new one's otherwise.
    private func currentKind(_ setup: PasscodeFlow) -> PasscodeKind {
        guard setup.step == .enterCurrent else { return setup.kind }
        if target == .shared, case .set(let kind) = shared { return kind }
        return properties?.passcodeKind ?? setup.kind
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
        link.send(request, for: target, completion: done)
    }

    /// Puts the screen in line with the flow's step.
    private func show() {
        guard let setup else { return }
        view.prompt = setup.sentence(for: target, usesShared: beganWithShared)
        view.notice = setup.notice?.sentence
        let inputKind = currentKind(setup)
        if inputKind != view.kind { view.configure(kind: inputKind) }
        kindRow.isVisible = setup.step == .choose && kindButtons.count > 1
        view.isEntryEnabled = setup.step != .waiting && setup.step != .finished
        let choosing = setup.step == .choose || setup.step == .confirm
        ownInsteadButton.isVisible = target == .sharedForApp && choosing
        sharedInsteadButton.isVisible = target == .app && setup.purpose == .set && shared == .notSet && choosing
        if setup.step == .finished {
            view.configure(kind: view.kind)
            view.hideInput()
            showClose()
        }
    }

    /// The last page closes with Return (its default widget, focused) and Escape.
    private func showClose() {
        closeButton.isVisible = true
        window.setDefaultWidget(closeButton)
        closeButton.grabFocus()
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
