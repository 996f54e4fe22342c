import AppLockClient
import AppLockCore

/// The guard's word on itself (its status object, ``GuardReport``) for `applockctl status`: whether guarded apps
/// are hidden where they must be, plainly, with the fix when they are not. Scripts test it by the exit status
/// (``ExitStatus/guardNotProtecting``): set when the guard says it is not protecting, or when no guard runs while
/// some app is guarded.
struct GuardStatusLine {
    /// Nil when no guard runs.
    let report: GuardReport?
    /// The apps the policy files guard.
    let guardedApps: [AppID]

    init(connection: AppLockConnection) {
        report = try? connection.performBlocking(.guardReport)
        guardedApps = ((try? GuardPolicyFiles().guardedApps()) ?? []).sorted()
    }

    var isProtecting: Bool { report?.protected ?? guardedApps.isEmpty }

    /// `Guard:   protecting guarded apps on sway (its IPC answers)`, or the problem and `To fix it: …` below it.
    var lines: [String] {
        let indent = "         "
        guard let report else {
            if guardedApps.isEmpty { return ["Guard:   applock-guard is not running (no app is guarded)"] }
            return [
                "Guard:   NOT protecting: applock-guard is not running, so nothing hides "
                    + guardedApps.map(\.rawValue).joined(separator: ", "),
                indent + "To fix it: start it (systemctl --user start applock-guard, or log out and in)",
            ]
        }
        return ["Guard:   \(report.statement)"] + (report.protected || report.fix.isEmpty ? [] : [indent + "To fix it: \(report.fix)"])
    }

    var json: [String: Any] {
        guard let report else {
            return ["running": false, "protected": isProtecting, "guardedApps": guardedApps.map(\.rawValue)]
        }
        return [
            "running": true, "desktop": report.desktop, "protected": report.protected, "reason": report.reason,
            "statement": report.statement, "fix": report.fix, "guardedApps": guardedApps.map(\.rawValue),
        ]
    }
}
