import AppLockClient
import AppLockCore
import AppLockDesktop
import AppLockPolicyStore
import AppLockProtocol
import GtkKit
import Translation

/// One app's own page, slid in over the Apps page: Protect, its passcode (set, change or remove in the passcode
/// window), its state now, and when it locks (its own `apps.d/<app_id>.conf`, falling back to every app's).
@MainActor
final class AppPage {
    let app: DesktopEntry
    let content = Box(.vertical)
    private let page = PreferencesPage(title: "", iconName: "")
    private let problems = ProblemGroup()
    private let protectRow = ActionRow(title: L("Protect"), subtitle: L("Cover its windows while it is locked or hidden"))
    private let protect: Switch
    private let passcodeRow = ActionRow(title: L("Passcode"))
    private let passcodeButton = Button(label: L("Set Passcode…"))
    private let switchRow = ActionRow(title: "")
    private let switchButton = Button(label: L("Switch…"))
    private let stateRow = ActionRow(title: L("Status"))
    private let section: PolicySection
    private var showing = false

    var onProtect: ((Bool) -> Void)?
    var onPasscode: (() -> Void)?
    /// The switch between the AppLock passcode and a passcode of its own.
    var onSwitchPasscode: (() -> Void)?
    var onBack: (() -> Void)?

    var onChange: ((SettingKey, SettingValue, PolicyFileScope) -> Void)? {
        get { section.onChange }
        set { section.onChange = newValue }
    }

    init(_ app: DesktopEntry) {
        self.app = app
        protect = Switch()
        section = PolicySection(scope: .app(app.appID), subject: app.name, layout: [
            (L("Lock When"), L("These apply to %1$s only", app.name), [
                .lockOnSessionLock, .lockOnScreenSaver, .lockOnSuspend, .lockOnSessionSwitch,
            ]),
            (L("When Hidden or Idle"), "", [.gracePeriod, .obscureInBackground, .backgroundWhen, .lockAfterIdle]),
            (L("Notifications"), "", [.hideNotifications]),
            (L("While the Screen Is Shared"), "", [.lockOnScreenShare]),
            (L("Failed Attempts"), "", [.maxFailedAttempts, .lockoutSchedule]),
        ])
        let header = HeaderBar()
        header.setTitle(app.name)
        let back = Button(iconName: "go-previous-symbolic", accessibleLabel: L("Back to Apps"))
        back.onClicked { [weak self] in self?.onBack?() }
        header.packStart(back)
        content.append(header)
        page.setExpand(vertical: true)
        content.append(page)

        let heading = PreferencesGroup()
        let icon = AppIcon.image(app.icon, size: 64, name: app.name)
        icon.setMargins(top: 12, bottom: 12)
        let name = Label(app.name)
        name.addStyleClass("title-1")
        let id = Label(app.appID.rawValue)
        id.addStyleClass("dim-label")
        let top = Box(.vertical, spacing: 6)
        top.append(icon)
        top.append(name)
        top.append(id)
        heading.add(top)
        page.add(heading)
        page.add(problems.group)

        protectRow.addSuffix(protect)
        protectRow.setActivatableWidget(protect)
        passcodeButton.setAlignment(vertical: .center)
        passcodeRow.addSuffix(passcodeButton)
        switchButton.setAlignment(vertical: .center)
        switchRow.addSuffix(switchButton)
        let protection = PreferencesGroup(title: L("Protection"))
        protection.add(protectRow)
        protection.add(passcodeRow)
        protection.add(switchRow)
        protection.add(stateRow)
        page.add(protection)

        for group in section.groups { page.add(group) }

        protect.onToggled { [weak self] in
            guard let self, !showing else { return }
            onProtect?(protect.isOn)
        }
        passcodeButton.onClicked { [weak self] in self?.onPasscode?() }
        switchButton.onClicked { [weak self] in self?.onSwitchPasscode?() }
    }

    func refresh(_ snapshot: PolicySnapshot, agent: AgentView, now: UInt64) {
        showing = true
        defer { showing = false }
        let editable = snapshot.problems[.app(app.appID)] == nil
        problems.show(snapshot.problems[.app(app.appID)].map { [PolicySnapshot.sentence($0)] } ?? [])
        let guarded = snapshot.policy(for: app.appID).guarded || agent.isUnguardingHeld(app.appID)
        if protect.isOn != guarded { protect.isOn = guarded }
        let required = snapshot.isGuardRequired(app.appID)
        protectRow.isSensitive = editable && !required
        protect.isSensitive = editable && !required
        protectRow.subtitle = required ? AdministratorLimit.fixed.explanation : L("Cover its windows while it is locked or hidden")

        let properties = agent.apps[app.appID]
        let kinds = snapshot.policy(for: app.appID).passcodeKinds.map { translated($0.label) }.joined(separator: ", ")
        let kind = properties?.passcodeKind.map { translated($0.label) } ?? L("unknown kind")
        if let properties, properties.passcodeSource == .shared {
            // TRANSLATORS: which passcode protects the app; %1$s is its kind ("4 Digits").
            passcodeRow.subtitle = L("AppLock passcode (%1$s)", kind)
            passcodeButton.label = L("Change or Remove…")
        } else if let properties, properties.hasPasscode {
            // TRANSLATORS: which passcode protects the app; %1$s is its kind ("4 Digits").
            passcodeRow.subtitle = L("Its own passcode (%1$s)", kind)
            passcodeButton.label = L("Change or Remove…")
        } else {
            passcodeRow.subtitle = agent.running ? L("None yet. Allowed kinds: %1$s", kinds) : L("AppLock is not running")
            passcodeButton.label = L("Set Passcode…")
        }
        passcodeButton.setAccessibleLabel(passcodeButton.label)
        passcodeButton.isSensitive = agent.running
        // The other passcode it may use: the AppLock passcode instead of its own, or its own instead.
        let other: (title: String, subtitle: String, action: String)? = switch properties?.passcodeSource {
        case .shared?: (L("Its Own Passcode"), L("A passcode for this app only, instead of the AppLock passcode"), L("Use Its Own Passcode…"))
        case .own? where agent.sharedPasscodeKind != nil:
            (L("AppLock Passcode"), L("The one passcode for all the apps you protect, instead of its own"), L("Use the AppLock Passcode…"))
        case .own?, PasscodeSource.none?, nil: nil
        }
        switchRow.isVisible = agent.running && other != nil
        if let other {
            switchRow.title = other.title
            switchRow.subtitle = other.subtitle
            switchButton.setAccessibleLabel(other.action)
        }
        stateRow.subtitle = properties.map { AppStatus.state($0, now: now) }
            ?? (agent.running ? L("Not running with AppLock") : L("AppLock is not running"))
        section.refresh(snapshot)
    }
}
