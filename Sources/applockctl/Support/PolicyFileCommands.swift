import AppLockClient
import AppLockCore
import AppLockPolicyStore
import Translation

/// applockctl's side of the policy files: keys written through ``PolicyFiles``, the agent told with `ReloadPolicy`,
/// and the policy in force read by the one ``PolicyLoader`` rule (a broken file is said, never fatal to a listing).
enum PolicyFileCommands {
    static var files: PolicyFiles { .fromProcessEnvironment() }

    /// Sets `key` in the file for `scope`, keeping every other line; a file that does not parse is left alone.
    static func set(_ key: String, to value: String, in scope: PolicyFileScope) throws(CommandFailure) {
        do {
            try files.set(key, to: value, in: scope)
        } catch {
            switch error {
            case .broken(let problem):
                throw CommandFailure(.invalidArgument, L("%1$s; fix the file first, nothing was changed.", "\(problem)"))
            case .io, .misnamed:
                throw CommandFailure(.failure, L("Cannot write the policy: %1$s.", "\(error)"))
            }
        }
    }

    /// `ReloadPolicy` on the agent (D-Bus starts it when it is not running), which the guard follows. A file that
    /// cannot be used is said on standard error: the agent and the guard keep its last good version.
    static func reload(_ link: CommandLineAgent?) {
        guard let link else { return }
        do {
            try link.connection.performBlocking(.reloadPolicy)
        } catch {
            Output.error("applockctl: " + L("the agent did not re-read the policy: %1$s", "\(error)"))
        }
    }

    /// The policy the files set now. Each file that cannot be used is said on standard error and left out: the agent
    /// and the guard keep its last good version, which only they know.
    static func policiesInForce(reportingProblems: Bool = true) -> PolicySet {
        var loader = PolicyLoader(files: files)
        let loaded = loader.load()
        if reportingProblems {
            for problem in loaded.allProblems {
                Output.error("applockctl: " + L("%1$s; applockd and applock-guard keep its last good version", "\(problem)"))
            }
        }
        return loaded.policies
    }
}
