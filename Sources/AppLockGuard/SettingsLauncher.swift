import SystemKit

/// AppLock Settings started from the status item's menu: `applock-settings` beside the guard's own executable, as
/// a program of the session's that outlives the guard. It goes through `/bin/sh -c '"$0" … &'`: the shell starts it
/// in the background and exits at once, and the guard reaps the shell, leaving Settings to the session's reaper
/// (systemd's user manager), as a desktop launcher does.
enum SettingsLauncher {
    /// There is no `applock-settings` to run beside the guard.
    struct NotInstalled: Error, CustomStringConvertible {
        var path: String?
        var description: String { "\(path ?? "applock-settings") is not there to run" }
    }

    /// Starts Settings; returns the program's path.
    static func launch() throws -> String {
        let path = ProcessFiles.ownExecutableFolder().map { $0 + "/applock-settings" }
        guard let path, SmallFiles.isExecutable(path) else { throw NotInstalled(path: path) }
        let shell = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "\"$0\" </dev/null >/dev/null &", path])
        _ = shell.wait()
        return path
    }
}
