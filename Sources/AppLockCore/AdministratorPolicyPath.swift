/// Where every AppLock program reads the administrator's `[Mandatory]` policy from.
///
/// Only a debug build, the one the tests run, honours `APPLOCK_ADMIN_POLICY`. A release build (what `make install`
/// and `make deb` produce) reads `/etc/applock/policy.conf` whatever the environment says: otherwise a user could
/// set the variable to `/dev/null` in `environment.d` and switch the administrator's limits off.
public enum AdministratorPolicyPath {
    /// The administrator's file, owned by root.
    public static let system = "/etc/applock/policy.conf"
    /// The variable a test build reads instead.
    public static let environmentVariable = "APPLOCK_ADMIN_POLICY"

    /// Whether this build honours ``environmentVariable``: true in debug builds only.
    public static var buildHonoursEnvironment: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// The file to read, given the variable's value in the environment (nil when unset).
    public static func resolve(_ environmentValue: String?, honoursEnvironment: Bool = buildHonoursEnvironment) -> String {
        guard honoursEnvironment, let value = environmentValue, !value.isEmpty else { return system }
        return value
    }
}
