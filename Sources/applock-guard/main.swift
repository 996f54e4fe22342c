import AppLockProtocol
import AppLockGuardCore
import AppLockGuard
import AppLockGuardWayland
import AppLockGuardX11
import WaylandKit
import Glibc
import Translation

let usage = """
    Usage: applock-guard [--verbose] [--set-passcode APP] [--version] [--help]

    The AppLock guard for X11, sway, KDE Plasma, GNOME and other wlroots compositors: covers (on
    Wayland: hides) the windows of every guarded app (policy key Guard=true, or `applockctl guard
    add APP`) while the agent says the app is obscured or locked, and shows the lock window over a
    locked one. It is normally
    started with the graphical session (systemd --user or XDG autostart).

      --set-passcode APP   open the window that sets APP's passcode, then exit
      --verbose            print every decision
      --version            print the version and exit
      --help               print this help and exit

    The desktop is chosen from SWAYSOCK, HYPRLAND_INSTANCE_SIGNATURE, WAYLAND_DISPLAY with
    XDG_CURRENT_DESKTOP, then DISPLAY. Any other Wayland compositor (labwc, Wayfire, Hyprland,
    niri, river…) is guarded when it offers wlr-foreign-toplevel-management and wlr-layer-shell
    (APPLOCK_GUARD_BACKEND=wlroots uses them on sway too). The guard says it protects only once
    the desktop's side has answered (X11: a cover was made; sway: IPC answered; KWin: its script
    loaded and polled; GNOME: the AppLock extension is enabled and polled; wlroots: the compositor
    listed its windows). Whenever it cannot hide guarded apps it says why
    in its log and on the bus (`applockctl status`, AppLock Settings) and sends one desktop
    notification naming them.

    Environment: DISPLAY, SWAYSOCK, DBUS_SESSION_BUS_ADDRESS, XDG_CONFIG_HOME, XDG_DATA_HOME,
    XDG_DATA_DIRS, APPLOCK_ADMIN_POLICY (debug builds only), APPLOCK_LOCK_WINDOW (the lock window executable;
    default: applock-lock-window next to applock-guard).
    """

func fail(_ message: String, status: Int32) -> Never {
    _ = "applock-guard: \(message)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(status)
}

// The notification speaks the session's language; log lines stay English.
Translation.start()
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

var environment: [String: String] = [:]
for name in ["APPLOCK_GUARD_BACKEND", "SWAYSOCK", "HYPRLAND_INSTANCE_SIGNATURE", "WAYLAND_DISPLAY", "XDG_CURRENT_DESKTOP", "DISPLAY"] {
    if let value = getenv(name) { environment[name] = String(cString: value) }
}
var desktop = GuardDesktop.choose(environment: environment)
// A Wayland desktop without a backend of its own is protected when its compositor offers both wlroots protocols.
var wlrDesktop: WlrDesktop?
if desktop.mayOfferWlrProtocols {
    wlrDesktop = try? WlrDesktop()
    desktop = desktop.withWlrProtocols(offered: wlrDesktop?.offersGuardProtocols == true)
}
_ = "applock-guard: desktop \(desktop)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
do {
    switch desktop {
    case .x11:
        try X11Guard(configuration: configuration).run()
    case .sway:
        try SwayGuard(configuration: configuration, socketPath: environment["SWAYSOCK"] ?? "").run()
    case .wlroots(let name):
        guard let wlrDesktop else { fail("the compositor went away", status: 1) }
        try WlrootsGuard(configuration: configuration, desktop: wlrDesktop, name: name).run()
    case .plasmaWayland, .gnomeWayland:
        try CompositorGuard(configuration: configuration, desktop: desktop).run()
    // Desktops the guard cannot protect: it says so, everywhere the user looks. Each is named, so that a new
    // backend's desktop does not compile until it is given its guard here.
    case .hyprland, .otherWayland, .none:
        try UnprotectedGuard(configuration: configuration, desktop: desktop).run()
    }
} catch {
    fail("cannot start: \(error)", status: 1)
}
