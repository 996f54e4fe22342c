public import AppLockCore
import AppLockProtocol

/// Reads the policy files — the user's `applock.conf` and `apps.d/<app_id>.conf`, the administrator's
/// `[Mandatory]` file — into a `PolicySet`, by the one rule every reader follows (the agent, the guard,
/// `applockctl`, AppLock Settings):
///
/// Each file keeps its last good version: a file that fails to parse or to be read is reported as a problem (file,
/// line, key) and the version this loader read before stays in force; a file that was never good is left out. A
/// file that disappears is dropped. A problem never stops the other files from being read.
public struct PolicyLoader: Sendable {
    public let files: PolicyFiles

    private var lastGoodBase: PolicyOverrides?
    private var lastGoodPerApp: [AppID: PolicyOverrides] = [:]
    private var lastGoodMandatory: MandatoryPolicy?

    public init(files: PolicyFiles) {
        self.files = files
    }

    /// What one ``load()`` found.
    public struct Outcome: Sendable {
        /// The policy now in force: each file's newest good version.
        public var policies: PolicySet
        /// Each file that could not be used as it is, by scope (nil: the administrator's file).
        public var problems: [PolicyFileScope?: PolicyFileProblem]
        /// Problems with files that are no policy scope (a file in `apps.d` not named `<app_id>.conf`).
        public var unscoped: [PolicyFileProblem]

        /// Every problem, the user's files first (sorted), then the administrator's, then the misnamed files.
        public var allProblems: [PolicyFileProblem] {
            let user = problems.compactMap { scope, problem in scope == nil ? nil : problem }
            return user.sorted { $0.description < $1.description } + (problems[nil].map { [$0] } ?? []) + unscoped
        }
    }

    /// Reads every file; returns the policy now in force and the problems found.
    public mutating func load() -> Outcome {
        var problems: [PolicyFileScope?: PolicyFileProblem] = [:]
        var unscoped: [PolicyFileProblem] = []
        Self.apply(Result { () throws(PolicyFileProblem) in try files.overrides(.allApps) }, to: &lastGoodBase) {
            problems[.allApps] = $0
        }
        var perApp: [AppID: PolicyOverrides] = [:]
        for file in files.appFiles() {
            switch file {
            case .failure(let problem):
                unscoped.append(problem)
            case .success(let app):
                var overrides = lastGoodPerApp[app]
                Self.apply(Result { () throws(PolicyFileProblem) in try files.overrides(.app(app)) }, to: &overrides) {
                    problems[.app(app)] = $0
                }
                perApp[app] = overrides
            }
        }
        lastGoodPerApp = perApp
        Self.apply(Result { () throws(PolicyFileProblem) in try files.mandatory() }, to: &lastGoodMandatory) {
            problems[nil] = $0
        }
        let policies = PolicySet(
            base: lastGoodBase ?? PolicyOverrides(),
            perApp: lastGoodPerApp,
            mandatory: lastGoodMandatory ?? MandatoryPolicy()
        )
        return Outcome(policies: policies, problems: problems, unscoped: unscoped)
    }

    /// A missing file drops its value, a parsed one replaces it, a bad one keeps the last good value.
    private static func apply<Value>(
        _ outcome: Result<Value?, PolicyFileProblem>, to lastGood: inout Value?, problem: (PolicyFileProblem) -> Void
    ) {
        switch outcome {
        case .success(let value): lastGood = value
        case .failure(let error): problem(error)
        }
    }
}
