public import AppLockCore
public import AppLockProtocol

/// What the guard's wiring carries out, in order. Covers come first in every batch: they are the hot path.
public enum GuardAction: Sendable, Equatable {
    /// Create the (unmapped) cover of a window of a guarded app and keep it following the window.
    case prepareCover(GuardWindowID)
    /// Show the cover above the window (or change what it shows).
    case cover(GuardWindowID, CoverKind, app: AppID)
    /// Take the cover off the window (unmap it; it stays prepared).
    case uncover(GuardWindowID)
    /// Put the cover back directly above its window.
    case restack(GuardWindowID)
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
    /// Register the app with the agent as its owner; answer with `registrationAnswered`.
    case register(AppID)
    case unregister(AppID)
    case reportActivity(AppID, Activity)
    /// Fire `timerFired` at `deadline` (replacing any earlier timer); nil cancels it.
    case armTimer(Duration?)
}
