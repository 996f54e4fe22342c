import SystemKit

/// The window that sets, changes or removes an app's passcode (`applock-lock-window set-passcode --app-id APP`),
/// run to its end as `applockctl guard add` opens it: it speaks in its own window, so its standard output and
/// error (for its tests) are kept out of the user's terminal.
public enum SetupWindow {
    /// Runs `executable` for `appID` until the window closes; its exit status.
    public static func run(_ executable: String, appID: String) throws -> Int32 {
        let child = try ChildProcess(
            executable: executable, arguments: ["set-passcode", "--app-id", appID], discardingStandardError: true)
        child.closeInput()
        return child.wait()
    }
}
