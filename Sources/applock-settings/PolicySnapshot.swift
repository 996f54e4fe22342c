import AppLockCore
import AppLockPolicyStore
import AppLockProtocol

/// The policy files as they are on disk now, read as the agent reads them (``PolicyLoader``): the user's file for
/// every app, each app's own file, the administrator's limits (a broken file at its last good version), and each
/// file that does not parse.
struct PolicySnapshot: Equatable {
    var base = PolicyOverrides()
    var perApp: [AppID: PolicyOverrides] = [:]
    var mandatory = MandatoryPolicy()
    /// The files that cannot be used, by scope (nil: the administrator's file).
    var problems: [PolicyFileScope?: PolicyFileProblem] = [:]

    init() {}

    /// What a ``PolicyLoader`` read: each file's newest good version, and each file that cannot be used now.
    init(_ loaded: PolicyLoader.Outcome) {
        base = loaded.policies.base
        perApp = loaded.policies.perApp
        mandatory = loaded.policies.mandatory
        problems = loaded.problems
    }

    /// The policy in force for every app without a file of its own.
    var allApps: Policy { base.applied(to: .defaults).clamped(by: mandatory) }

    /// The policy in force for `app`.
    /// Every app the files guard.
    var guardedApps: [AppID] {
        PolicySet(base: base, perApp: perApp, mandatory: mandatory).guardedApps.sorted()
    }

    func policy(for app: AppID) -> Policy {
        PolicySet(base: base, perApp: perApp, mandatory: mandatory).effectivePolicy(for: app)
    }

    /// The keys the file for `scope` sets itself.
    func overrides(_ scope: PolicyFileScope) -> PolicyOverrides {
        switch scope {
        case .allApps: base
        case .app(let app): perApp[app] ?? PolicyOverrides()
        }
    }

    /// Whether the administrator guards `app` whatever the user's files say.
    func isGuardRequired(_ app: AppID) -> Bool {
        mandatory.guardedApps?.contains(app) == true
    }

    /// The problems as sentences, the administrator's file last.
    var problemSentences: [String] {
        let user = problems.compactMap { scope, problem in scope == nil ? nil : Self.sentence(problem) }.sorted()
        return user + (problems[nil].map { [Self.sentence($0)] } ?? [])
    }

    /// "<file>, line 3, key GracePeriod: expected a whole number, not "soon"".
    static func sentence(_ problem: PolicyFileProblem) -> String {
        switch problem {
        case .broken(let error):
            let key = error.key.isEmpty ? "" : ", key \(error.key)"
            return "\(error.file), line \(error.line)\(key): \(error.problem)"
        case .io, .misnamed:
            return problem.description
        }
    }
}
