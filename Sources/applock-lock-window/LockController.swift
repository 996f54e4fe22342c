import AppLockClient
import AppLockCore
import AppLockDesktop
import AppLockProtocol
import AppLockGuardCore
import GtkKit
import SystemKit
import Translation

/// `applock-lock-window lock`: the passcode screen for a locked app. Sends what is typed to the agent's `Unlock`,
/// shows the attempts left and any lock-out countdown from the app's properties, offers system authentication,
/// and ends the process (status 0) once the agent says the app is no longer locked.
@MainActor
final class LockController {
    private let window: Window
    private let view: PasscodeView
    private let loop: MainLoop
    private var link: LockWindowAgentCalls?
    private var update: LockWindowAgentCalls.PropertiesUpdate?
    private var properties: AppProperties? { try? update?.get() }
    private var lastFailure: AppLockError?
    private var checking = false
    private var countdown: RepeatingTimer?
    private let systemAuthButton = Button(label: LockController.systemPasswordLabel)
    /// What system authentication would ask (the agent's `GetSystemAuthentication`); nil until it answers, and
    /// the button stays out until then.
    private var systemAuthMethod: SystemAuthenticationMethod?
    private var systemAuthUnavailable = false
    private var systemAuthNotice: String?
    private var configuredKind: PasscodeKind?
    private let prompt: String

    /// Fits the screen into a cover of `width` × `height` pixels (or a window of its own that may widen to `widest`):
    /// the compact layout when the full one does not fit (the guard's ``LockWindowSize``, by which it chose the cover,
    /// or at large text what the full layout measures), with the system-authentication button counted in.
    func fit(width: Int32, height: Int32, widest: Int32? = nil) {
        view.fit(width: width, height: height, widest: widest ?? width, atFullest: systemAuthButton)
    }

    /// The window is on the overlay layer: no minimise or maximise button.
    func placedOnOverlay() {
        view.placedOnOverlay()
    }

    init(appID: AppID, window: Window, loop: MainLoop, embedded: Bool) {
        self.window = window
        self.loop = loop
        let entry = DesktopEntry.forLockWindow(appID.rawValue)
        view = PasscodeView(
            // TRANSLATORS: the button that submits the passcode: the verb.
            appName: entry.name, icon: entry.icon, window: window, withHeaderBar: !embedded, submitLabel: L("Unlock"))
        prompt = L("Enter the passcode to unlock %1$s", entry.name)
        view.prompt = prompt
        systemAuthButton.addStyleClass("flat")
        systemAuthButton.setAccessibleDescription(L("Unlock with your account password"))
        systemAuthButton.isVisible = false
        systemAuthButton.onClicked { [weak self] in self?.useSystemAuthentication() }
        view.extras.append(systemAuthButton)
        view.onSubmit = { [weak self] passcode in self?.submit(passcode) }
        view.isEntryEnabled = false
    }

    /// Connects to the agent; the screen follows the app's properties from then on.
    func start(appID: AppID) throws {
        link = try LockWindowAgentCalls(appID: appID) { [weak self] update in self?.received(update) }
        link?.systemAuthentication { [weak self] method in self?.learned(method) }
    }

    /// The button's words when fprintd has prints enrolled for the user, and otherwise.
    static var fingerprintOrPasswordLabel: String { L("Use Fingerprint or Password") }
    static var systemPasswordLabel: String { L("Use System Password") }

    /// Names the button after what the desktop's dialog will take, or leaves it out where it cannot work.
    private func learned(_ method: SystemAuthenticationMethod) {
        systemAuthMethod = method
        let said = method.wireName.isEmpty ? "unavailable (\(method.reason))" : method.wireName
        StandardError.line("applock-lock-window: system authentication: \(said)")
        switch method {
        case .fingerprintOrPassword:
            systemAuthButton.label = Self.fingerprintOrPasswordLabel
            systemAuthButton.setAccessibleDescription(L("Unlock with your fingerprint or your account password"))
        case .password:
            systemAuthButton.label = Self.systemPasswordLabel
            systemAuthButton.setAccessibleDescription(L("Unlock with your account password"))
        case .unavailable:
            break
        }
        refresh()
    }

    private func received(_ update: LockWindowAgentCalls.PropertiesUpdate) {
        self.update = update
        if let properties, properties.state != .locked {
            loop.quit()
            return
        }
        if let kind = properties?.passcodeKind, kind != configuredKind {
            configuredKind = kind
            view.configure(kind: kind)
        }
        refresh()
    }

    /// Redraws the notice, the entry's state and the countdown timer from what is known now.
    private func refresh() {
        let notice = LockNotice.current(
            properties: update, lastFailure: lastFailure, now: EventLoop.wallClockMicroseconds())
        // While the agent checks, the notice stays the last answer's (a screen reader says each answer once).
        if let systemAuthNotice {
            view.notice = systemAuthNotice
        } else if !checking {
            view.setNotice(notice.text, spoken: notice.spokenText(retryAfter: properties?.retryAfter ?? 0))
        }
        view.isEntryEnabled = !checking && notice.allowsEntry && properties?.hasPasscode == true
        if case .lockedOut = notice {
            if countdown == nil {
                countdown = RepeatingTimer(every: .milliseconds(250)) { [weak self] in self?.refresh() }
            }
        } else {
            countdown = nil
        }
        let offered = systemAuthMethod == .password || systemAuthMethod == .fingerprintOrPassword
        systemAuthButton.isVisible = offered && !systemAuthUnavailable && (properties?.allowsSystemAuthentication ?? false)
        systemAuthButton.isSensitive = !checking
    }

    private func submit(_ passcode: PasscodeBytes) {
        guard let link, !checking else { return }
        checking = true
        systemAuthNotice = nil
        view.prompt = L("Checking…")
        refresh()
        link.send(.unlock(passcode)) { [weak self] result in self?.answered(result) }
    }

    private func answered(_ result: Result<Void, AppLockError>) {
        checking = false
        view.prompt = prompt
        switch result {
        case .success: lastFailure = nil
        case .failure(let error): lastFailure = error
        }
        view.clear()
        view.forgetSaidNotice()
        refresh()
    }

    private func useSystemAuthentication() {
        guard let link, !checking else { return }
        checking = true
        refresh()
        link.unlockWithSystemAuthentication { [weak self] answer in
            guard let self else { return }
            self.checking = false
            switch answer {
            case .unlocked:
                self.systemAuthNotice = nil
            case .unavailable(let why):
                self.systemAuthUnavailable = true
                self.systemAuthNotice = why
            case .refused(let why):
                self.systemAuthNotice = why
            }
            self.refresh()
        }
    }
}
