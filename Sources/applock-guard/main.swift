import AppLockAgent
import AppLockCore
import AppLockGuardX11
import Glibc

let usage = """
    Usage: applock-guard [--verbose] [--set-passcode APP] [--version] [--help]

    The AppLock guard for X11: covers the windows of every guarded app (policy key
    Guard=true, or `applockctl guard add APP`) while the agent says the app is
    obscured or locked, and shows the lock window over a locked one. It is normally
    started with the graphical session (systemd --user or XDG autostart).

      --set-passcode APP   open the window that sets APP's passcode, then exit
      --verbose            print every decision
      --version            print the version and exit
      --help               print this help and exit

    Environment: DISPLAY, DBUS_SESSION_BUS_ADDRESS, XDG_CONFIG_HOME, XDG_DATA_HOME,
    XDG_DATA_DIRS, APPLOCK_ADMIN_POLICY, APPLOCK_LOCK_WINDOW (the lock window executable;
    default: applock-lock-window next to applock-guard).
    """

func fail(_ message: String, status: Int32) -> Never {
    _ = "applock-guard: \(message)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(status)
}

var configuration = GuardConfiguration.fromEnvironment()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--verbose", "-v":
        configuration.verbose = true
    case "--version":
        print("applock-guard \(AgentVersion.current)")
        exit(0)
    case "--help", "-h":
        print(usage)
        exit(0)
    case "--set-passcode":
        guard let text = arguments.popFirst() else { fail("--set-passcode needs an app id\n\(usage)", status: 2) }
        guard let app = try? AppID(text) else { fail("\"\(text)\" is not an app id", status: 2) }
        let status = SetPasscodeWindow.run(app: app, configuration: configuration)
        if status == 127 { fail("cannot start \(configuration.lockWindowPath ?? "applock-lock-window")", status: 1) }
        exit(status)
    default:
        fail("unknown option \(argument)\n\(usage)", status: 2)
    }
}

do {
    try X11Guard(configuration: configuration).run()
} catch {
    fail("cannot start: \(error)", status: 1)
}
