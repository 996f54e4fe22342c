public import AppLockCore
public import AppLockGuardCore
public import AppLockGuard

/// The guard on a desktop it cannot protect (Hyprland, another Wayland compositor, no display): a backend that sees
/// no windows and reports ``GuardReadiness/initial(for:)`` (not protecting, and why). The driver says so once in
/// the log and on the bus (`applockctl status`, AppLock Settings) and, while some app is guarded, in one desktop
/// notification naming it; the guard stays until SIGTERM, so that the session does not restart it in a loop. The
/// agent's locks still hold for apps that integrate with AppLock.
public final class UnprotectedGuard: GuardBackend {
    private let desktop: GuardDesktop
    private let driver: GuardDriver

    public init(configuration: GuardConfiguration, desktop: GuardDesktop) throws {
        self.desktop = desktop
        driver = try GuardDriver(configuration: configuration, desktop: desktop)
    }

    public func run() throws {
        try driver.run(self)
    }

    /// No window is ever known here, so no action reaches the desktop.
    public func execute(_ action: DesktopAction) {}

    /// No desktop to bind a key on.
    public func bindLockAllShortcut(_ shortcut: KeyboardShortcut?) {}

    public func startFollowingWindows() {
        driver.report(.initial(for: desktop))
    }
}
