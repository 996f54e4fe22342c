import AppLockAgentCore
import AppLockCore
import AppLockProtocol
import SystemKit

/// The authenticated policies on disk: `$XDG_STATE_HOME/applock/policies/<app_id>.conf`, each a ``SealedPolicy``,
/// replaced atomically when it changes.
struct AuthenticatedPolicyStore {
    let directory: String

    func path(of app: AppID) -> String { directory + "/" + app.rawValue + ".conf" }

    /// What the disk holds for `app` and the policy it claims; nil when there is no file. A file that cannot be read,
    /// or whose policy text does not parse, claims nothing (the agent then holds against the defaults).
    func load(_ app: AppID) -> (SealedPolicy?, claimed: Policy?, problem: String?) {
        do {
            guard let text = try TextFiles.read(path(of: app)) else { return (nil, nil, nil) }
            let sealed = SealedPolicy.decode(text)
            return (sealed, try PolicyOverrides.parse(sealed.policyText, fileName: path(of: app)).applied(to: .defaults), nil)
        } catch {
            return (nil, nil, "\(error)")
        }
    }

    func save(_ sealed: SealedPolicy, for app: AppID) throws(FileError) {
        try TextFiles.makeDirectories(directory)
        try TextFiles.writeAtomically(sealed.encoded(for: app), to: path(of: app))
    }

    func remove(_ app: AppID) throws(FileError) {
        try TextFiles.remove(path(of: app))
    }
}
