import AppLockClient
import AppLockCore
import AppLockDesktop
import AppLockProtocol
import AppLockSetupHelp
import GtkKit
import Translation

/// The Apps page: every installed app, those that are protected or have a passcode first, each with its status
/// and "Protect" switch, and every guarded id that no installed app has (a typo, or an app removed since), with a
/// warning, so that it can be switched off here. The window's search finds them by name.
@MainActor
final class AppsPage {
    // TRANSLATORS: the title of the page that lists the apps, in the window's view switcher.
    let page = PreferencesPage(title: L("Apps"), iconName: "view-app-grid-symbolic")
    let problems = ProblemGroup()
    let guardBanner = GuardBanner()
    /// The weakenings of a protected app's policy the agent holds until they are authenticated.
    let heldChanges = HeldChangesGroup()
    private let protectedGroup = PreferencesGroup(
        title: L("Protected Apps"), description: L("Apps that are covered while locked, or that have a passcode"))
    private let otherGroup = PreferencesGroup(
        title: L("Other Apps"), description: L("Switch on Protect to cover an app's windows until its passcode is entered"))
    /// Locks every protected app at once (the agent's `LockAll`), as Super+Alt+L does.
    private let lockAllButton = Button(label: L("Lock All Now"))
    /// The shortcut that locks every protected app, and its problem.
    let shortcut = ShortcutGroup()
    private(set) var rows: [AppID: AppRow] = [:]
    private var order: [AppID] = []
    private var protectedApps: [AppID] = []
    private let names: [AppID: String]

    var onProtect: ((AppID, Bool) -> Void)?
    var onOpen: ((AppID) -> Void)?
    var onLockAll: (() -> Void)?

    init(apps: [DesktopEntry]) {
        names = Dictionary(apps.map { ($0.appID, $0.name) }) { first, _ in first }
        page.add(guardBanner.group)
        page.add(problems.group)
        page.add(heldChanges.group)
        lockAllButton.setAlignment(vertical: .center)
        lockAllButton.onClicked { [weak self] in self?.onLockAll?() }
        protectedGroup.setHeaderSuffix(lockAllButton)
        page.add(protectedGroup)
        page.add(shortcut.group)
        page.add(otherGroup)
        for app in apps { addRow(for: app, installed: true) }
        place()
    }

    private func addRow(for app: DesktopEntry, installed: Bool) {
        let row = AppRow(app, installed: installed)
        row.onProtect = { [weak self] on in self?.onProtect?(app.appID, on) }
        row.onOpen = { [weak self] in self?.onOpen?(app.appID) }
        rows[app.appID] = row
        order.append(app.appID)
    }

    /// Adds a row for each guarded id no installed app has, and takes away such a row once its id is neither
    /// guarded nor has a passcode.
    private func followUninstalled(_ snapshot: PolicySnapshot, agent: AgentView) {
        var changed = false
        for app in snapshot.guardedApps where rows[app] == nil {
            addRow(for: DesktopEntry(appID: app, name: app.rawValue, icon: nil), installed: false)
            changed = true
        }
        let guarded = Set(snapshot.guardedApps)
        for (app, row) in rows where !row.isInstalled && !guarded.contains(app) && !agent.isUnguardingHeld(app)
            && agent.apps[app]?.hasPasscode != true {
            rows[app] = nil
            order.removeAll { $0 == app }
            changed = true
        }
        if changed {
            protectedApps = []
            place()
        }
    }

    /// Shows each app's status and puts the protected ones first.
    func refresh(_ snapshot: PolicySnapshot, agent: AgentView, now: UInt64) {
        problems.show(snapshot.problemSentences)
        guardBanner.show(
            GuardReport.exposure(agent.guardReport, guardedApps: snapshot.guardedApps.map(\.rawValue))
                .map { GuardExposure(statement: $0.statement, fix: $0.fix) })
        heldChanges.show(agent.heldPolicyChanges) { [names] in names[$0] ?? $0.rawValue }
        followUninstalled(snapshot, agent: agent)
        for (app, row) in rows {
            let status = AppStatus(
                guarded: snapshot.policy(for: app).guarded, guardRequired: snapshot.isGuardRequired(app),
                properties: agent.apps[app], unguardingHeld: agent.isUnguardingHeld(app))
            row.show(status, editable: snapshot.problems[.app(app)] == nil, now: now)
        }
        let nowProtected = order.filter { rows[$0]?.status?.isProtected == true }
        if nowProtected != protectedApps {
            protectedApps = nowProtected
            place()
        }
    }

    private func place() {
        protectedGroup.removeAll()
        otherGroup.removeAll()
        let protectedSet = Set(protectedApps)
        for app in order {
            guard let row = rows[app] else { continue }
            (protectedSet.contains(app) ? protectedGroup : otherGroup).add(row.row)
        }
        protectedGroup.isVisible = !protectedApps.isEmpty
    }
}
