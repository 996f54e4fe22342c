public import AppLockCore
public import AppLockProtocol

/// What the guard's wiring carries out, in order. Covers come first in every batch: they are the hot path. Each
/// action has one executor, and its type says which: the desktop backend carries out a ``DesktopAction``, the driver
/// an ``AgentRequest`` and the timer. Each executor switches over its own type exhaustively, with no `default:`, so a
/// new action does not compile until its executor says what it does.
public enum GuardAction: Sendable, Equatable {
    /// For the desktop backend: covers, the keyboard, activation, the lock window.
    case desktop(DesktopAction)
    /// For the driver's link to the agent.
    case agent(AgentRequest)
    /// Fire `timerFired` at `deadline` (replacing any earlier timer); nil cancels it. The driver's.
    case armTimer(Duration?)

    public static func prepareCover(_ window: GuardWindowID) -> GuardAction { .desktop(.prepareCover(window)) }
    public static func cover(_ window: GuardWindowID, _ kind: CoverKind, app: AppID) -> GuardAction {
        .desktop(.cover(window, kind, app: app))
    }
    public static func uncover(_ window: GuardWindowID) -> GuardAction { .desktop(.uncover(window)) }
    public static func restack(_ window: GuardWindowID, aboveCoversOf others: Set<GuardWindowID> = []) -> GuardAction {
        .desktop(.restack(window, aboveCoversOf: others))
    }
    public static func discardCover(_ window: GuardWindowID) -> GuardAction { .desktop(.discardCover(window)) }
    public static var grabKeyboard: GuardAction { .desktop(.grabKeyboard) }
    public static func releaseKeyboard(focusLockWindowOf app: AppID?) -> GuardAction {
        .desktop(.releaseKeyboard(focusLockWindowOf: app))
    }
    public static func showLockWindow(_ app: AppID, at place: LockWindowPlace) -> GuardAction {
        .desktop(.showLockWindow(app, at: place))
    }
    public static func hideLockWindow(_ app: AppID) -> GuardAction { .desktop(.hideLockWindow(app)) }
    public static func activate(_ window: GuardWindowID) -> GuardAction { .desktop(.activate(window)) }
    public static func register(_ app: AppID) -> GuardAction { .agent(.register(app)) }
    public static func unregister(_ app: AppID) -> GuardAction { .agent(.unregister(app)) }
    public static func reportActivity(_ app: AppID, _ activity: Activity) -> GuardAction {
        .agent(.reportActivity(app, activity))
    }
}

/// What a desktop backend (X11, sway, wlroots, KWin, GNOME) carries out.
public enum DesktopAction: Sendable, Equatable {
    /// Create the (unmapped) cover of a window of a guarded app and keep it following the window.
    case prepareCover(GuardWindowID)
    /// Show the cover above the window (or change what it shows).
    case cover(GuardWindowID, CoverKind, app: AppID)
    /// Take the cover off the window (unmap it; it stays prepared).
    case uncover(GuardWindowID)
    /// Put the cover back directly above its window; with `aboveCoversOf`, also above the covers of those other
    /// windows of its app (the cover holding the lock window, above the covers that overlap it: ``LockWindowStacking``).
    case restack(GuardWindowID, aboveCoversOf: Set<GuardWindowID>)
    /// Destroy the cover of a window that is gone or no longer guarded.
    case discardCover(GuardWindowID)
    /// Take an active keyboard grab on a cover; answer with `keyboardGrabAnswered`.
    case grabKeyboard
    /// Release the guard's keyboard grab; with `focus`, first hand the focus to that app's lock window.
    case releaseKeyboard(focusLockWindowOf: AppID?)
    /// Start the lock window of `app` where ``LockWindowPlacement`` put it: inside a cover, or floating; for a
    /// lock window already floating, move it there.
    case showLockWindow(AppID, at: LockWindowPlace)
    /// End the lock window of `app`.
    case hideLockWindow(AppID)
    /// Ask the window manager to activate the window.
    case activate(GuardWindowID)
}

/// What the guard asks of the agent (the one name for that direction; the driver sends each as the client library's
/// request, and the agent's answers come back as ``GuardInput``).
public enum AgentRequest: Sendable, Equatable {
    /// Register the app with the agent as its owner; answer with `registrationAnswered`.
    case register(AppID)
    case unregister(AppID)
    case reportActivity(AppID, Activity)
}
