import AppLockClient
import AppLockCore
import AppLockProtocol
import Foundation

/// The policy files the `Guard` key lives in: `$XDG_CONFIG_HOME/applock/applock.conf` and `apps.d/<app_id>.conf`,
/// and the administrator's `[Mandatory]` file (`$APPLOCK_ADMIN_POLICY`, default `/etc/applock/policy.conf`).
struct GuardPolicyFiles {
    let directory: String
    let adminPolicyPath: String

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        directory = config + "/applock"
        adminPolicyPath = AdministratorPolicyPath.resolve(environment[AdministratorPolicyPath.environmentVariable])
    }

    /// Sets `Guard` in the app's own file, keeping every other line; a file that does not parse is left alone.
    func setGuard(_ guarded: Bool, for app: String) throws(CommandFailure) {
        let files = PolicyFiles(directory: directory, adminPolicyPath: adminPolicyPath)
        do {
            try files.set("Guard", to: guarded ? "true" : "false", in: .app(try AppID(app)))
        } catch let problem as PolicyFileProblem {
            switch problem {
            case .broken(let error): throw CommandFailure(.invalidArgument, "\(error); fix the file first, nothing was changed.")
            case .io: throw CommandFailure(.failure, "Cannot write the policy: \(problem).")
            }
        } catch {
            throw CommandFailure(.invalidArgument, "\(error)")
        }
    }

    /// The apps the administrator requires to be guarded.
    func mandatoryGuarded() throws(CommandFailure) -> [AppID] {
        try read(adminPolicyPath, MandatoryPolicy.parse(_:fileName:))?.guardedApps ?? []
    }

    /// Every app guarded by the files as they are now.
    func guardedApps() throws(CommandFailure) -> [AppID] {
        var set = PolicySet()
        set.base = try read(directory + "/applock.conf", PolicyOverrides.parse(_:fileName:)) ?? PolicyOverrides()
        set.mandatory = try read(adminPolicyPath, MandatoryPolicy.parse(_:fileName:)) ?? MandatoryPolicy()
        let apps = directory + "/apps.d"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: apps)) ?? [] where name.hasSuffix(".conf") {
            guard let app = try? AppID(String(name.dropLast(".conf".count))) else { continue }
            set.perApp[app] = try read(apps + "/" + name, PolicyOverrides.parse(_:fileName:))
        }
        return Array(set.guardedApps)
    }

    private func read<Value>(_ path: String, _ parse: (String, String) throws(KeyFileError) -> Value)
        throws(CommandFailure) -> Value?
    {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        do {
            return try parse(text, path)
        } catch {
            throw CommandFailure(.invalidArgument, "\(error)")
        }
    }
}
