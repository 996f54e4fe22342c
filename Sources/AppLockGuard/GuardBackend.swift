public import AppLockCore
public import AppLockGuardCore
public import AppLockProtocol

/// One desktop's window work under a ``GuardDriver`` (X11, sway, KWin, GNOME): following the desktop's windows and
/// carrying out the actions that are the desktop's. The driver calls it on its loop's thread. A backend also tells
/// the driver whether the desktop's side answers (``GuardDriver/report(_:)`` with a `GuardReadiness`): until it
/// reports protecting, the guard says it is not.
public protocol GuardBackend: AnyObject {
    /// Carries out an action that is the desktop's: covers, the keyboard, activation, the lock window (started
    /// through ``GuardDriver/startLockWindow(for:inside:)``). The agent's actions and the timer never reach it.
    func execute(_ action: DesktopAction)
    /// Starts following the desktop's windows, once the policy is read and the agent followed.
    func startFollowingWindows() throws
    /// The guarded apps were read again (SIGHUP): which app each window belongs to may have changed.
    func guardedAppsReloaded()
    /// The lock window of `app` has ended (closed, crashed), before the core hears of it.
    func lockWindowEnded(_ app: AppID)
    /// The actions of one input have been carried out.
    func actionsPerformed()
    /// The core has no input left to handle.
    func feedingFinished()
    /// Makes `shortcut` lock every protected app (``GuardDriver/lockAllByShortcut()``) on this desktop, in place of
    /// the one given before; nil: none. Called once the policy is read, and again whenever the shortcut changes.
    func bindLockAllShortcut(_ shortcut: KeyboardShortcut?)
    /// SIGTERM or SIGINT, once the lock windows are gone: what an orderly stop takes down with it.
    func shutDown()
    /// What stays behind when the session bus goes away, said in the log; nil to say nothing.
    var leftBehindWhenTheBusGoes: String? { get }
}

extension GuardBackend {
    public func guardedAppsReloaded() {}
    public func lockWindowEnded(_ app: AppID) {}
    public func actionsPerformed() {}
    public func feedingFinished() {}
    public func shutDown() {}
    public var leftBehindWhenTheBusGoes: String? { nil }
}
