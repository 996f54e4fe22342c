import AppLockClient
import AppLockCore
import AppLockDesktop
import AppLockProtocol
import AppLockTooling
import GtkKit
import Translation

/// The Apps page: every installed app, those that are protected or have a passcode first, each with its status
/// and "Protect" switch. The window's search finds them by name.
@MainActor
final class AppsPage {
    let page = PreferencesPage(title: "Apps", iconName: "view-app-grid-symbolic")
    let problems = ProblemGroup()
    let guardBanner = GuardBanner()
    /// The weakenings of a protected app's policy the agent holds until they are authenticated.
    let heldChanges = HeldChangesGroup()
    private let protectedGroup = PreferencesGroup(
        title: L("Protected Apps"), description: L("Apps that are covered while locked, or that have a passcode"))
    private let otherGroup = PreferencesGroup(
        title: L("Other Apps"), description: L("Switch on Protect to cover an app's windows until its passcode is entered"))
    private(set) var rows: [AppID: AppRow] = [:]
    private var order: [AppID] = []
    private var protectedApps: [AppID] = []
    private let names: [AppID: String]

    var onProtect: ((AppID, Bool) -> Void)?
    var onOpen: ((AppID) -> Void)?

    init(apps: [DesktopEntry]) {
        names = Dictionary(apps.map { ($0.appID, $0.name) }) { first, _ in first }
        page.add(guardBanner.group)
        page.add(problems.group)
        page.add(heldChanges.group)
        page.add(protectedGroup)
        page.add(otherGroup)
        for app in apps {
            let row = AppRow(app)
            row.onProtect = { [weak self] on in self?.onProtect?(app.appID, on) }
            row.onOpen = { [weak self] in self?.onOpen?(app.appID) }
            rows[app.appID] = row
            order.append(app.appID)
        }
        place()
    }

    /// Shows each app's status and puts the protected ones first.
    func refresh(_ snapshot: PolicySnapshot, agent: AgentView, now: UInt64) {
        problems.show(snapshot.problemSentences)
        guardBanner.show(
            GuardReport.exposure(agent.guardReport, guardedApps: snapshot.guardedApps.map(\.rawValue))
                .map { GuardExposure(statement: $0.statement, fix: $0.fix) })
        heldChanges.show(agent.heldPolicyChanges) { [names] in names[$0] ?? $0.rawValue }
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
