import AppLockCore
public import AppLockProtocol
import Glibc
import SystemKit

/// One run of `applock-lock-window`: started with `PR_SET_PDEATHSIG` (through `setpriv --pdeathsig KILL`) so it
/// dies with the guard and never keeps the keyboard grab from a restarted guard; killed when it goes.
public final class LockWindowProcess {
    private let process: ChildProcess

    /// Starts `executable lock --app-id APP --parent XID`, or `set-passcode --app-id APP` when `parent` is nil.
    init(executable: String, app: AppID, parent: UInt32?) throws {
        var arguments = ["--pdeathsig", "KILL", "--", executable]
        if let parent {
            arguments += ["lock", "--app-id", app.rawValue, "--parent", String(parent)]
        } else {
            arguments += ["set-passcode", "--app-id", app.rawValue]
        }
        process = try ChildProcess(executable: Self.setpriv, arguments: arguments)
    }

    /// Starts `executable lock --app-id APP` as an ordinary toplevel (on a Wayland desktop the compositor places it).
    public init(executable: String, lockingToplevelOf app: AppID) throws {
        process = try ChildProcess(
            executable: Self.setpriv,
            arguments: ["--pdeathsig", "KILL", "--", executable, "lock", "--app-id", app.rawValue])
    }

    public var pid: Int32 { process.pid }

    /// The exit status once it has ended (reaped), nil while it runs.
    public func exitStatus() -> Int32? { process.exitStatusIfExited() }

    /// Waits until it ends.
    func wait() -> Int32 { process.wait() }

    private static var setpriv: String {
        access("/usr/bin/setpriv", X_OK) == 0 ? "/usr/bin/setpriv" : "/bin/setpriv"
    }
}
