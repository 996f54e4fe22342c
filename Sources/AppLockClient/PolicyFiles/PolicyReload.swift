import AppLockProtocol
import Glibc

/// Makes `applockd` and `applock-guard` re-read the policy files now: SIGHUP to the process that owns each one's
/// bus name (the bus says which; a name nobody owns is skipped, and the agent is not started for it).
public enum PolicyReload {
    /// Signals each reader that is running; returns how many were signalled.
    @discardableResult
    public static func signalReaders(on connection: AppLockConnection) -> Int {
        var signalled = 0
        for name in [AppLockBusNames.busName, GuardBusNames.busName] {
            guard let pid = try? connection.performBlocking(.processID(ofBusName: name)), pid > 1 else { continue }
            if kill(pid_t(pid), SIGHUP) == 0 { signalled += 1 }
        }
        return signalled
    }
}
