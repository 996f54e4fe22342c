import AppLockClient
import AppLockCore
import AppLockPolicyStore
import GtkKit
import Translation

/// Groups of setting rows for one policy file (every app's, or one app's), refreshed from a ``PolicySnapshot``;
/// a change made on a row goes to ``onChange`` with the scope's file.
@MainActor
final class PolicySection {
    let scope: PolicyFileScope
    private(set) var groups: [PreferencesGroup] = []
    private var rows: [SettingRow] = []
    var onChange: ((SettingKey, SettingValue, PolicyFileScope) -> Void)?

    /// `layout` lists each group's title and keys; `subject` names the app in accessible labels ("" for all apps).
    init(scope: PolicyFileScope, subject: String, layout: [(title: String, description: String, keys: [SettingKey])]) {
        self.scope = scope
        for part in layout {
            let group = PreferencesGroup(title: part.title, description: part.description)
            for key in part.keys {
                let row = SettingRow(key, subject: subject)
                row.onChange = { [weak self] value in
                    guard let self else { return }
                    onChange?(key, value, self.scope)
                }
                group.add(row.row)
                rows.append(row)
            }
            groups.append(group)
        }
    }

    /// Shows the values in force for the scope, the administrator's limits, and whether the file can be written.
    func refresh(_ snapshot: PolicySnapshot) {
        let policy: Policy
        switch scope {
        case .allApps: policy = snapshot.allApps
        case .app(let app): policy = snapshot.policy(for: app)
        }
        let editable = snapshot.problems[scope] == nil
        let own = snapshot.overrides(scope)
        for row in rows {
            var note: String?
            if case .app = scope, !editable {
                note = L("Cannot be changed until the app's policy file is fixed")
            } else if case .app = scope, !row.key.isSet(in: own) {
                note = L("%1$s (as for all apps)", row.key.subtitle)
            }
            row.show(row.key.shown(in: policy), limit: row.key.limit(by: snapshot.mandatory), editable: editable, note: note)
        }
    }
}
