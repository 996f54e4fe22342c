import AppLockCore
public import AppLockProtocol

/// The passcode set-up window (`applock-lock-window set-passcode`), run in the foreground.
public enum SetPasscodeWindow {
    /// Runs it for `app` and returns its exit code (127 when it cannot be started, 128 + n when killed by signal n).
    public static func run(app: AppID, configuration: GuardConfiguration) -> Int32 {
        guard let path = configuration.lockWindowPath,
              let process = try? LockWindowProcess(executable: path, app: app, parent: nil)
        else { return 127 }
        let status = process.wait()
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
