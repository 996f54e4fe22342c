import AppLockClient
import GtkKit

/// A page of settings for every app (`applock.conf`): When to Lock, or Security; `leading` groups come first.
@MainActor
final class PolicyPage {
    let page: PreferencesPage
    let section: PolicySection
    private let problems = ProblemGroup()

    init(
        title: String, iconName: String, leading: [PreferencesGroup] = [],
        layout: [(title: String, description: String, keys: [SettingKey])]
    ) {
        page = PreferencesPage(title: title, iconName: iconName)
        section = PolicySection(scope: .allApps, subject: "", layout: layout)
        page.add(problems.group)
        for group in leading { page.add(group) }
        for group in section.groups { page.add(group) }
    }

    func refresh(_ snapshot: PolicySnapshot) {
        problems.show(snapshot.problems[.allApps].map { [PolicySnapshot.sentence($0)] } ?? [])
        section.refresh(snapshot)
    }
}
