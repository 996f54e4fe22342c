import AppLockCore
public import AppLockDesktop
public import AppLockPolicyStore
public import AppLockProtocol
import Glibc

/// Where the agent finds its buses, files and limits; `fromEnvironment()`
/// follows the XDG base-directory rules (the policy files' through ``PolicyFiles``) so tests can point everything
/// elsewhere.
public struct AgentConfiguration: Sendable {
    /// The session bus address; nil means the session bus of the environment.
    public var sessionBusAddress: String?
    /// The system bus address logind is watched on; nil means the system bus of the environment.
    public var systemBusAddress: String?
    /// The system bus polkit is asked on: ``PolkitBusAddress`` (the standard socket in a release build).
    public var polkitBusAddress = PolkitBusAddress.resolve(nil)
    /// Watch logind on the system bus.
    public var watchLogind = true
    /// The user's and the administrator's policy files.
    public var policyFiles: PolicyFiles
    /// `$XDG_STATE_HOME/applock`.
    public var stateDirectory: String
    /// Where the apps' desktop entries are (their names in notifications).
    public var dataDirectories: XDGDataDirectories
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
        policyFiles: PolicyFiles, stateDirectory: String,
        dataDirectories: XDGDataDirectories = XDGDataDirectories(environment: [:]), version: String = AgentVersion.current
    ) {
        self.policyFiles = policyFiles
        self.stateDirectory = stateDirectory
        self.dataDirectories = dataDirectories
        self.version = version
    }

    /// The configuration the environment asks for: the policy files (``PolicyFiles/fromProcessEnvironment()``),
    /// `XDG_STATE_HOME` (defaulting under `HOME`) and the XDG data folders.
    public static func fromEnvironment() -> AgentConfiguration {
        let home = environment("HOME") ?? "/"
        let state = environment("XDG_STATE_HOME") ?? home + "/.local/state"
        let data = ["HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS"].reduce(into: [String: String]()) { names, name in
            if let value = getenv(name) { names[name] = String(cString: value) }
        }
        var configuration = AgentConfiguration(
            policyFiles: .fromProcessEnvironment(), stateDirectory: state + "/applock",
            dataDirectories: XDGDataDirectories(environment: data))
        configuration.polkitBusAddress = PolkitBusAddress.resolve(getenv(PolkitBusAddress.environmentVariable).map {
            String(cString: $0)
        })
        return configuration
    }

    /// What `applockd --version` says about the administrator's policy: the file this environment makes the agent
    /// read, and, in a test build, that `APPLOCK_ADMIN_POLICY` chose it. A release build names
    /// `/etc/applock/policy.conf` whatever the variable says, and a test reads that line from the release binary.
    public static var administratorPolicyLine: String {
        let path = PolicyFiles.fromProcessEnvironment().adminPolicyPath
        return AdministratorPolicyPath.buildHonoursEnvironment
            ? "administrator policy: \(path) (test build: \(AdministratorPolicyPath.environmentVariable) honoured)"
            : "administrator policy: \(path)"
    }

    /// What `applockd --version` says about polkit: the bus this environment makes the agent ask it on, and, in a
    /// test build, that `DBUS_SYSTEM_BUS_ADDRESS` chose it. A release build names the standard socket whatever the
    /// variable says.
    public static var polkitBusLine: String {
        let address = fromEnvironment().polkitBusAddress
        return AdministratorPolicyPath.buildHonoursEnvironment
            ? "polkit asked on: \(address) (test build: \(PolkitBusAddress.environmentVariable) honoured)"
            : "polkit asked on: \(address)"
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
