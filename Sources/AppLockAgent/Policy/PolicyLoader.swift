public import AppLockCore
import AppLockProtocol

/// Reads the policy files — the user's `applock.conf` and `apps.d/<app_id>.conf`,
/// the administrator's `[Mandatory]` file — into a `PolicySet`.
///
/// Each file keeps its last good version: a file that fails to parse is
/// reported (file, line, key) and the version read before stays in force; a
/// file that was never good is left out. A file that disappears is dropped.
public struct PolicyLoader: Sendable {
    /// `$XDG_CONFIG_HOME/applock`.
    public let userDirectory: String
    /// `/etc/applock/policy.conf` unless pointed elsewhere.
    public let adminPolicyPath: String

    private var lastGoodBase: PolicyOverrides?
    private var lastGoodPerApp: [AppID: PolicyOverrides] = [:]
    private var lastGoodMandatory: MandatoryPolicy?

    public init(userDirectory: String, adminPolicyPath: String) {
        self.userDirectory = userDirectory
        self.adminPolicyPath = adminPolicyPath
    }

    /// Reads every file; returns the policy now in force and one line per problem.
    public mutating func load() -> (policies: PolicySet, problems: [String]) {
        var problems: [String] = []
        Self.apply(Self.read(userDirectory + "/applock.conf", PolicyOverrides.parse(_:fileName:)),
                   to: &lastGoodBase, &problems)

        let appsDirectory = userDirectory + "/apps.d"
        var perApp: [AppID: PolicyOverrides] = [:]
        for name in TextFiles.fileNames(in: appsDirectory, suffix: ".conf") {
            let path = appsDirectory + "/" + name
            guard let app = try? AppID(String(name.dropLast(".conf".count))) else {
                problems.append("\(path): the file name is not <app_id>.conf; ignored")
                continue
            }
            var overrides = lastGoodPerApp[app]
            Self.apply(Self.read(path, PolicyOverrides.parse(_:fileName:)), to: &overrides, &problems)
            perApp[app] = overrides
        }
        lastGoodPerApp = perApp

        Self.apply(Self.read(adminPolicyPath, MandatoryPolicy.parse(_:fileName:)), to: &lastGoodMandatory, &problems)

        let policies = PolicySet(
            base: lastGoodBase ?? PolicyOverrides(),
            perApp: lastGoodPerApp,
            mandatory: lastGoodMandatory ?? MandatoryPolicy()
        )
        return (policies, problems)
    }

    /// What one file holds now.
    private enum FileOutcome<Value> {
        case missing
        case parsed(Value)
        /// It could not be read or parsed: the problem, `file:line: key: problem` for a bad value.
        case failed(String)
    }

    private static func read<Value>(_ path: String, _ parse: (String, String) throws -> Value) -> FileOutcome<Value> {
        do {
            guard let text = try TextFiles.read(path) else { return .missing }
            return .parsed(try parse(text, path))
        } catch {
            return .failed("\(error)")
        }
    }

    /// A missing file drops its value, a parsed one replaces it, a bad one keeps the last good value.
    private static func apply<Value>(_ outcome: FileOutcome<Value>, to lastGood: inout Value?, _ problems: inout [String]) {
        switch outcome {
        case .missing: lastGood = nil
        case .parsed(let value): lastGood = value
        case .failed(let problem): problems.append(problem)
        }
    }
}
