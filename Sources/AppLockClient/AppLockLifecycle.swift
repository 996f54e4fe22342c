import AppLockProtocol

/// The lock window's template methods (VFAppSecurityLockWindow's hooks), each mapped onto the agent.
/// Every method has a default implementation; adopt only what you need.
///
/// The session calls these on its own event-loop thread, in order, and never concurrently: hop to your UI
/// thread from there, and return quickly.
public protocol AppLockLifecycle: Sendable {
    /// Whether the application may lock now. Answering false holds an `Inhibit` on the agent until a later
    /// call answers true (the session asks at every registration and on ``AppLockSession/reevaluateShouldLock()``).
    /// Suspend and shutdown lock anyway.
    func shouldLock() -> Bool
    /// The state is about to become `locked`: get the lock screen ready (it shows with the next status). Also
    /// called once at start, for the fail-closed `locked` (reason ``LockReason/starting``) that lasts until
    /// the agent answers, so that every call is paired with a later ``lockDidDismiss(_:)``.
    func lockWillAppear(_ status: AppLockStatus)
    /// The application has just left `locked` (unlocked, or only obscured).
    func lockDidDismiss(_ status: AppLockStatus)
    /// The desktop session became active again (screen unlocked, user switched back): with `whileLocked`, show
    /// the passcode prompt now.
    func sessionDidBecomeActive(whileLocked: Bool)
    /// The desktop session is leaving `active` (screen lock, screensaver, idle, suspend, user switch): clear
    /// half-typed input.
    func sessionWillResignActive(whileLocked: Bool)
}

extension AppLockLifecycle {
    public func shouldLock() -> Bool { true }
    public func lockWillAppear(_ status: AppLockStatus) {}
    public func lockDidDismiss(_ status: AppLockStatus) {}
    public func sessionDidBecomeActive(whileLocked: Bool) {}
    public func sessionWillResignActive(whileLocked: Bool) {}
}
