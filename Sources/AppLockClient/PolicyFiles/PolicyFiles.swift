public import AppLockCore
public import AppLockProtocol
import Glibc

/// The policy files `applockd`, `applock-guard`, `applockctl` and AppLock Settings share: the user's
/// `$XDG_CONFIG_HOME/applock/applock.conf` and `apps.d/<app_id>.conf` (`[Policy]`), and the administrator's
/// `[Mandatory]` file (`$APPLOCK_ADMIN_POLICY`, default `/etc/applock/policy.conf`), read as the agent reads them.
///
/// A key is written by ``set(_:to:in:)``: the file's text with that one line changed (``KeyFile/setting``), written
/// to a temporary file in the same folder, fsynced, renamed over the old one, and the folder fsynced. A file that
/// does not parse, or holds a bad value, is never written: the call answers ``PolicyFileProblem/broken(_:)``.
public struct PolicyFiles: Sendable {
    /// `$XDG_CONFIG_HOME/applock`.
    public let directory: String
    /// The administrator's file.
    public let adminPolicyPath: String

    public init(directory: String, adminPolicyPath: String) {
        self.directory = directory
        self.adminPolicyPath = adminPolicyPath
    }

    /// The files the environment names, as the agent finds them (`XDG_CONFIG_HOME` when absolute, else
    /// `$HOME/.config`; `APPLOCK_ADMIN_POLICY`).
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        directory = config + "/applock"
        adminPolicyPath = AdministratorPolicyPath.resolve(environment[AdministratorPolicyPath.environmentVariable])
    }

    /// The path of the file for `scope`.
    public func path(of scope: PolicyFileScope) -> String {
        switch scope {
        case .allApps: directory + "/applock.conf"
        case .app(let app): directory + "/apps.d/" + app.rawValue + ".conf"
        }
    }

    /// The keys the file for `scope` sets (none when it does not exist).
    public func overrides(_ scope: PolicyFileScope) throws(PolicyFileProblem) -> PolicyOverrides {
        let path = path(of: scope)
        guard let text = try Self.read(path) else { return PolicyOverrides() }
        do {
            return try PolicyOverrides.parse(text, fileName: path)
        } catch {
            throw .broken(error)
        }
    }

    /// The administrator's limits (none when the file does not exist).
    public func mandatory() throws(PolicyFileProblem) -> MandatoryPolicy {
        guard let text = try Self.read(adminPolicyPath) else { return MandatoryPolicy() }
        do {
            return try MandatoryPolicy.parse(text, fileName: adminPolicyPath)
        } catch {
            throw .broken(error)
        }
    }

    /// Every app that has a file of its own in `apps.d`.
    public func appsWithFiles() -> [AppID] {
        Self.fileNames(in: directory + "/apps.d").compactMap { name in
            name.hasSuffix(".conf") ? try? AppID(String(name.dropLast(".conf".count))) : nil
        }
    }

    /// Sets `key` to `value` in the `[Policy]` group of the file for `scope`, keeping every other line, and writes
    /// it atomically. The file must parse, and must still parse as a policy file with the new value.
    public func set(_ key: String, to value: String, in scope: PolicyFileScope) throws(PolicyFileProblem) {
        let path = path(of: scope)
        let text = try Self.read(path) ?? ""
        let updated: String
        do {
            _ = try PolicyOverrides.parse(text, fileName: path)
            updated = try KeyFile.setting(key, to: value, inGroup: PolicyOverrides.groupName, of: text, fileName: path)
            _ = try PolicyOverrides.parse(updated, fileName: path)
        } catch {
            throw .broken(error)
        }
        if case .app = scope { try Self.makeDirectory(directory + "/apps.d") } else { try Self.makeDirectory(directory) }
        try Self.writeAtomically(updated, to: path)
    }

    // MARK: - Files

    /// The file's text, nil when it does not exist.
    static func read(_ path: String) throws(PolicyFileProblem) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw .io(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, reason: String(cString: strerror(errno)))
            }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The names in `folder`, sorted (none when it cannot be read).
    static func fileNames(in folder: String) -> [String] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names.sorted()
    }

    /// Creates `path` and its parents (mode 0700) when missing.
    static func makeDirectory(_ path: String) throws(PolicyFileProblem) {
        var built = ""
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o700) != 0, errno != EEXIST {
                throw .io(path: built, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Writes `text` to a new file beside `path`, fsyncs it, renames it over `path` and fsyncs the folder, so that
    /// a reader sees the old file or the new one, never a part.
    static func writeAtomically(_ text: String, to path: String) throws(PolicyFileProblem) {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let temporary = path + ".tmp-\(getpid())"
        func failure(_ at: String) -> PolicyFileProblem { .io(path: at, reason: String(cString: strerror(errno))) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure(temporary) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let problem = failure(temporary)
                close(fd)
                unlink(temporary)
                throw problem
            }
            written += n
        }
        guard fsync(fd) == 0 else {
            let problem = failure(temporary)
            close(fd)
            unlink(temporary)
            throw problem
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let problem = failure(path)
            unlink(temporary)
            throw problem
        }
        let folderFD = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }
}
