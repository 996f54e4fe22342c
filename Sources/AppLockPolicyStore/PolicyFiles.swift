public import AppLockCore
public import AppLockProtocol
import Glibc
import SystemKit

/// The policy files `applockd`, `applock-guard`, `applockctl` and AppLock Settings share: the user's
/// `<config>/applock/applock.conf` and `apps.d/<app_id>.conf` (`[Policy]`), and the administrator's `[Mandatory]`
/// file (`$APPLOCK_ADMIN_POLICY` in debug builds, else `/etc/applock/policy.conf`). This is the one place that works
/// out where they are (the XDG base-directory rules) and reads and writes them; ``PolicyLoader`` reads them all with
/// the last-good rule.
///
/// A key is written by ``set(_:to:in:)``: the file's text with that one line changed (``KeyFile/setting``), written
/// atomically (``TextFiles/writeAtomically(_:to:)``). A file that does not parse, or would hold a bad value, is
/// never written: the call answers ``PolicyFileProblem/broken(_:)``.
public struct PolicyFiles: Sendable, Equatable {
    /// The user's AppLock folder, `$XDG_CONFIG_HOME/applock`.
    public let directory: String
    /// The administrator's file.
    public let adminPolicyPath: String

    public init(directory: String, adminPolicyPath: String) {
        self.directory = directory
        self.adminPolicyPath = adminPolicyPath
    }

    /// The files `environment` names: `$XDG_CONFIG_HOME/applock` when the variable is an absolute path (the
    /// base-directory specification ignores relative ones), else `$HOME/.config/applock`; the administrator's file
    /// by ``AdministratorPolicyPath``.
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        directory = config + "/applock"
        adminPolicyPath = AdministratorPolicyPath.resolve(environment[AdministratorPolicyPath.environmentVariable])
    }

    /// The files this process's environment names.
    public static func fromProcessEnvironment() -> PolicyFiles {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME", AdministratorPolicyPath.environmentVariable] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return PolicyFiles(environment: environment)
    }

    /// `apps.d`, the folder of the per-app files.
    public var appsDirectory: String { directory + "/apps.d" }

    /// The path of the file for `scope`.
    public func path(of scope: PolicyFileScope) -> String {
        switch scope {
        case .allApps: directory + "/applock.conf"
        case .app(let app): appsDirectory + "/" + app.rawValue + ".conf"
        }
    }

    /// The keys the file for `scope` sets; nil when it does not exist.
    public func overrides(_ scope: PolicyFileScope) throws(PolicyFileProblem) -> PolicyOverrides? {
        try read(path(of: scope), PolicyOverrides.parse(_:fileName:))
    }

    /// The file for `scope` as a key file, every group in it (`[Shortcuts]` besides `[Policy]`); nil when it does not
    /// exist.
    public func keyFile(_ scope: PolicyFileScope) throws(PolicyFileProblem) -> KeyFile? {
        try read(path(of: scope), KeyFile.parse(_:fileName:))
    }

    /// The administrator's limits; nil when the file does not exist.
    public func mandatory() throws(PolicyFileProblem) -> MandatoryPolicy? {
        try read(adminPolicyPath, MandatoryPolicy.parse(_:fileName:))
    }

    /// Every file in `apps.d` ending in `.conf`, sorted: the app it is for, or the problem with its name.
    public func appFiles() -> [Result<AppID, PolicyFileProblem>] {
        TextFiles.fileNames(in: appsDirectory, suffix: ".conf").map { name in
            guard let app = try? AppID(String(name.dropLast(".conf".count))) else {
                return .failure(.misnamed(path: appsDirectory + "/" + name))
            }
            return .success(app)
        }
    }

    /// Every app that has a file of its own in `apps.d`.
    public func appsWithFiles() -> [AppID] {
        appFiles().compactMap { try? $0.get() }
    }

    /// Sets `key` to `value` in the `[Policy]` group of the file for `scope`, keeping every other line, and writes
    /// it atomically. The file must parse, and must still parse as a policy file with the new value.
    public func set(_ key: String, to value: String, in scope: PolicyFileScope) throws(PolicyFileProblem) {
        try set(key, to: value, inGroup: PolicyOverrides.groupName, in: scope)
    }

    /// The same in the group `group` (`[Shortcuts]`, say).
    public func set(_ key: String, to value: String, inGroup group: String, in scope: PolicyFileScope)
        throws(PolicyFileProblem) {
        let path = path(of: scope)
        let text = try Self.text(path) ?? ""
        let updated: String
        do {
            _ = try PolicyOverrides.parse(text, fileName: path)
            updated = try KeyFile.setting(key, to: value, inGroup: group, of: text, fileName: path)
            _ = try PolicyOverrides.parse(updated, fileName: path)
        } catch {
            throw .broken(error)
        }
        do {
            try TextFiles.makeDirectories(TextFiles.parentDirectory(of: path))
            try TextFiles.writeAtomically(updated, to: path)
        } catch {
            throw Self.problem(error)
        }
    }

    private func read<Value>(_ path: String, _ parse: (String, String) throws(KeyFileError) -> Value)
        throws(PolicyFileProblem) -> Value?
    {
        guard let text = try Self.text(path) else { return nil }
        do {
            return try parse(text, path)
        } catch {
            throw .broken(error)
        }
    }

    private static func text(_ path: String) throws(PolicyFileProblem) -> String? {
        do {
            return try TextFiles.read(path)
        } catch {
            throw problem(error)
        }
    }

    private static func problem(_ error: FileError) -> PolicyFileProblem {
        .io(path: error.path, reason: String(cString: strerror(error.errno)))
    }
}
