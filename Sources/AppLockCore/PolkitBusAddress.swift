/// The system bus on which the agent asks polkit.
///
/// polkit's yes unlocks apps, so in a release build the agent asks it only on the system bus at its standard socket,
/// whatever `DBUS_SYSTEM_BUS_ADDRESS` says: otherwise a user could set the variable (`systemctl --user
/// set-environment`) to a bus of their own where a "polkit" always says yes. Only a debug build, the one the tests
/// run, follows the variable, under the same rule as ``AdministratorPolicyPath``. logind and the other session
/// sources may keep following the environment: a false one can only lock more.
public enum PolkitBusAddress {
    /// The system bus's standard socket (KeePassXC fixes the same one for the same reason).
    public static let system = "unix:path=/run/dbus/system_bus_socket"
    /// The variable a test build reads instead.
    public static let environmentVariable = "DBUS_SYSTEM_BUS_ADDRESS"

    /// The address to ask polkit on, given the variable's value in the environment (nil when unset).
    public static func resolve(
        _ environmentValue: String?, honoursEnvironment: Bool = AdministratorPolicyPath.buildHonoursEnvironment
    ) -> String {
        guard honoursEnvironment, let value = environmentValue, !value.isEmpty else { return system }
        return value
    }
}
