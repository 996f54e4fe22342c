import AppLockCore
import AppLockProtocol
import SystemKit

/// The authenticated policies on disk: `$XDG_STATE_HOME/applock/policies/<app_id>.conf`, each a `[Policy]` group
/// setting every key, replaced atomically when it changes.
struct AuthenticatedPolicyStore {
    let directory: String

    func path(of app: AppID) -> String { directory + "/" + app.rawValue + ".conf" }

    /// The authenticated policy of `app`; nil when there is none yet. A file that cannot be read fails closed: the
    /// defaults count as authenticated, so any weakening below them waits for the passcode.
    func load(_ app: AppID) -> (Policy?, problem: String?) {
        do {
            guard let text = try TextFiles.read(path(of: app)) else { return (nil, nil) }
            return (try PolicyOverrides.parse(text, fileName: path(of: app)).applied(to: .defaults), nil)
        } catch {
            return (.defaults, "\(error)")
        }
    }

    func save(_ policy: Policy, for app: AppID) throws(FileError) {
        try TextFiles.makeDirectories(directory)
        try TextFiles.writeAtomically(policy.policyFileText, to: path(of: app))
    }

    func remove(_ app: AppID) throws(FileError) {
        try TextFiles.remove(path(of: app))
    }
}
