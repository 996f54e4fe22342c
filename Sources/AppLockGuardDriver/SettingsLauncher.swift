import SystemKit

/// AppLock Settings started from the status item's menu: `applock-settings` beside the guard's own executable, as
/// a program of the session's that outlives the guard. It goes through `/bin/sh -c '"$0" … &'`: the shell starts it
/// in the background and exits at once, and the guard reaps the shell, leaving Settings to the session's reaper
/// (systemd's user manager), as a desktop launcher does.
enum SettingsLauncher {
    static func launch() throws -> String {
        guard let folder = ProcessFiles.ownExecutableFolder() else { throw ChildProcessError.spawn(2) }
        let path = folder + "/applock-settings"
        let shell = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "\"$0\" </dev/null >/dev/null &", path])
        _ = shell.wait()
        return path
    }
}
