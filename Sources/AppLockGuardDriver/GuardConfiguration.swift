public import AppLockPolicyStore
import Glibc
import SystemKit

/// Where the guard finds its policy, desktop files and lock window; `fromEnvironment()` follows the XDG rules
/// and the agent's own variables, so tests can point everything elsewhere.
public struct GuardConfiguration: Sendable {
    /// The user's and the administrator's policy files, as the agent finds them.
    public var policy: PolicyFiles
    /// `$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`: where desktop files and icons are looked up.
    public var dataDirectories: [String]
    /// The `applock-lock-window` executable (`$APPLOCK_LOCK_WINDOW`, else next to the guard's own executable).
    public var lockWindowPath: String?
    /// Print a line for every decision.
    public var verbose = false

    public init(policy: PolicyFiles, dataDirectories: [String], lockWindowPath: String?) {
        self.policy = policy
        self.dataDirectories = dataDirectories
        self.lockWindowPath = lockWindowPath
    }

    public static func fromEnvironment() -> GuardConfiguration {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "APPLOCK_LOCK_WINDOW"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let home = environment["HOME"] ?? "/"
        var directories = [environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"]
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        directories += system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return GuardConfiguration(
            policy: .fromProcessEnvironment(), dataDirectories: directories,
            lockWindowPath: lockWindowExecutable(environment: environment))
    }

    /// `$APPLOCK_LOCK_WINDOW`, else `applock-lock-window` beside the running executable.
    public static func lockWindowExecutable(environment: [String: String]) -> String? {
        if let path = environment["APPLOCK_LOCK_WINDOW"], !path.isEmpty { return path }
        return ChildProcess.executableDirectory().map { $0 + "/applock-lock-window" }
    }
}
