public import AppLockCore
public import AppLockProtocol
import Glibc

/// Where the agent finds its buses, files and limits; `fromEnvironment()`
/// follows the XDG base-directory rules so tests can point everything elsewhere.
public struct AgentConfiguration: Sendable {
    /// The session bus address; nil means the session bus of the environment.
    public var sessionBusAddress: String?
    /// The system bus address; nil means the system bus of the environment.
    public var systemBusAddress: String?
    /// Watch logind on the system bus.
    public var watchLogind = true
    /// `$XDG_CONFIG_HOME/applock`.
    public var configDirectory: String
    /// `$XDG_STATE_HOME/applock`.
    public var stateDirectory: String
    /// The administrator's `[Mandatory]` policy file.
    public var adminPolicyPath: String
    /// How long a Secret Service call may take before it counts as unavailable.
    public var storeTimeout: Duration = .seconds(5)
    /// How long polkit may take to answer a ping before system authentication counts as unavailable.
    public var polkitTimeout: Duration = .seconds(5)
    /// How long a system authentication may wait for the user before it is cancelled.
    public var systemAuthenticationTimeout: Duration = .seconds(300)
    /// How many Argon2id computations may run at once (each takes 64 MiB).
    public var hashingWorkers = 2
    /// The agent's version, served as the `Version` property.
    public var version: String

    public init(
        configDirectory: String,
        stateDirectory: String,
        adminPolicyPath: String = AdministratorPolicyPath.system,
        version: String = AgentVersion.current
    ) {
        self.configDirectory = configDirectory
        self.stateDirectory = stateDirectory
        self.adminPolicyPath = adminPolicyPath
        self.version = version
    }

    /// The configuration the environment asks for: `XDG_CONFIG_HOME`, `XDG_STATE_HOME`
    /// (defaulting under `HOME`) and `APPLOCK_ADMIN_POLICY`.
    public static func fromEnvironment() -> AgentConfiguration {
        let home = environment("HOME") ?? "/"
        let config = environment("XDG_CONFIG_HOME") ?? home + "/.config"
        let state = environment("XDG_STATE_HOME") ?? home + "/.local/state"
        return AgentConfiguration(
            configDirectory: config + "/applock",
            stateDirectory: state + "/applock",
            adminPolicyPath: AdministratorPolicyPath.resolve(environment(AdministratorPolicyPath.environmentVariable))
        )
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let string = String(cString: value)
        guard !string.isEmpty else { return nil }
        // The base-directory specification says to ignore relative XDG paths.
        if name.hasPrefix("XDG_"), !string.hasPrefix("/") { return nil }
        return string
    }
}
