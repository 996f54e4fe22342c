public import AppLockDesktop
public import AppLockPolicyStore
import Glibc

/// Where the guard finds its policy, desktop files and lock window; `fromEnvironment()` follows the XDG rules
/// and the agent's own variables, so tests can point everything elsewhere.
public struct GuardConfiguration: Sendable {
    /// The user's and the administrator's policy files, as the agent finds them.
    public var policy: PolicyFiles
    /// `$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`: where desktop files and icons are looked up.
    public var dataDirectories: XDGDataDirectories
    /// The `applock-lock-window` executable (`$APPLOCK_LOCK_WINDOW`, else next to the guard's own executable).
    public var lockWindowPath: String?
    /// Print a line for every decision.
    public var verbose = false
    /// `$XDG_STATE_HOME/applock`, where the guard remembers the agent's held changes (`RememberedHeldChanges`); nil
    /// remembers nothing.
    public var stateDirectory: String?
    /// The desktop's scale the lock window inherits (`GDK_SCALE`, a whole number, GTK's window scale on X11): it needs
    /// that much more room.
    public var lockWindowScale: Double = 1

    public init(policy: PolicyFiles, dataDirectories: XDGDataDirectories, lockWindowPath: String?) {
        self.policy = policy
        self.dataDirectories = dataDirectories
        self.lockWindowPath = lockWindowPath
    }

    public static func fromEnvironment() -> GuardConfiguration {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_STATE_HOME", "APPLOCK_LOCK_WINDOW", "GDK_SCALE"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        var configuration = GuardConfiguration(
            policy: .fromProcessEnvironment(), dataDirectories: XDGDataDirectories(environment: environment),
            lockWindowPath: SiblingExecutable.lockWindow(environment: environment))
        // The base-directory specification says to ignore a relative XDG_STATE_HOME.
        let stateHome = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.local/state" }
        configuration.stateDirectory = stateHome.map { $0 + "/applock" }
        if let scale = environment["GDK_SCALE"].flatMap({ Int($0) }), scale > 1 {
            configuration.lockWindowScale = Double(scale)
        }
        return configuration
    }
}
