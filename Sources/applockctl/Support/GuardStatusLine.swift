import AppLockClient
import AppLockCore
import AppLockSetupHelp
import Translation

/// The guard's word on itself (its status object, ``GuardReport``) for `applockctl status`: whether guarded apps
/// are hidden where they must be, plainly, with the fix when they are not. Scripts test it by the exit status
/// (``ExitStatus/guardNotProtecting``): set when the guard says it is not protecting, or when no guard runs while
/// some app is guarded.
struct GuardStatusLine {
    /// Nil when no guard runs.
    let report: GuardReport?
    /// The apps the policy files guard.
    let guardedApps: [String]

    init(connection: AppLockConnection) {
        report = try? connection.performBlocking(.guardReport)
        guardedApps = PolicyFileCommands.policiesInForce(reportingProblems: false).guardedApps.map(\.rawValue).sorted()
    }

    private var exposure: (statement: String, fix: String)? { GuardReport.exposure(report, guardedApps: guardedApps) }

    var isProtecting: Bool { exposure == nil }

    /// `Guard:   protecting guarded apps on sway (its IPC answers)`, or the problem and `To fix it: …` below it.
    var lines: [String] {
        if let (statement, fix) = exposure {
            return [StatusLabel.guard.line(statement)] + (fix.isEmpty ? [] : [StatusLabel.indent + L("To fix it: %1$s", fix)])
        }
        let statement = report.map { GuardReport.shownStatement($0.statement) }
        return [StatusLabel.guard.line(statement ?? L("applock-guard is not running (no app is guarded)"))]
    }

    var json: [String: Any] {
        var object: [String: Any] = ["running": report != nil, "protected": report?.protected ?? false, "guardedApps": guardedApps]
        if let report {
            object.merge(["desktop": report.desktop, "reason": report.reason, "statement": report.statement, "fix": report.fix]) { $1 }
        }
        return object
    }
}
