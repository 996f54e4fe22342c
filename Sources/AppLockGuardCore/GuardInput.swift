public import AppLockCore
public import AppLockProtocol

/// Everything that can happen to the guard: from the desktop, from the agent, from its own helpers.
public enum GuardInput: Sendable, Equatable {
    /// The policy's guarded apps, each with what makes it `background` (re-read on start and on SIGHUP).
    case guardedAppsChanged([AppID: BackgroundRule])
    /// A window is known, or its app was resolved again: `app` is its guarded app, nil when it belongs to none.
    case windowResolved(GuardWindowID, app: AppID?)
    /// Where the window (its frame) is on screen and how large; desktops that do not say leave it unknown.
    case windowGeometry(GuardWindowID, GuardRect)
    /// The window is on screen (mapped, not minimised).
    case windowShown(GuardWindowID)
    /// The window left the screen (unmapped or minimised).
    case windowHidden(GuardWindowID)
    /// The window was destroyed.
    case windowGone(GuardWindowID)
    /// Some top-level window was moved, mapped or restacked: covers must be put back above their windows.
    case stackingChanged
    /// The window manager named this window active (nil: none), as it said so: whether that is the user's doing or
    /// the compositor's own hand-off of the focus (``activeWindowHidden(_:onScreen:)``) is the core's to decide.
    case activeWindowChanged(GuardWindowID?)
    /// The guard hid the active window (minimised it, or moved it off every workspace): the compositor hands the focus
    /// on by itself next. `onScreen`: the other windows on screen at that moment, which it may hand the focus to.
    case activeWindowHidden(GuardWindowID, onScreen: Set<GuardWindowID>)
    /// The compositor took the window off the screen (minimised it, unmapped its frame, moved it to the scratchpad).
    case windowMinimised(GuardWindowID)
    /// A minimised window came back on screen by itself or the user's doing (a task bar, Alt+Tab, a click, sway's
    /// `scratchpad show`), not the guard's: one the guard keeps hidden is the user reaching for its app.
    case windowRestored(GuardWindowID)
    /// The guard's hiding kept a new window from ever reaching the screen, where it would have opened in front with
    /// the focus: the user opened it, and reached for its app.
    case windowOpenedHidden(GuardWindowID)
    /// The user switched workspace or virtual desktop.
    case workspaceSwitched
    /// The compositor gave the lock window of `app` the focus.
    case lockWindowFocused(AppID)
    /// The compositor took the lock window of `app` off the screen (its toplevel is gone): after an unlock, the
    /// window given the focus back is activated again, whatever the compositor focused as the lock window went.
    case lockWindowClosed(AppID)
    /// The lock window needs this many times the room its sizes say (the desktop's scale times its text scaling,
    /// which changed: GNOME's Large Text turned on or off): where it goes is decided again.
    case lockWindowScaleChanged(Double)
    /// The backend minimises covered windows too (true), or no longer does (X11: a compositing manager started or
    /// stopped; a compositor draws each window from its own pixmap, where the cover is not). A minimised window's cover
    /// cannot hold the lock window: it floats where the window was.
    case coveredWindowsMinimised(Bool)
    /// The agent owns its bus name (true) or has left the bus (false).
    case agentPresence(Bool)
    /// The answer to a `register` action: true when the guard now owns the app's registration.
    case registrationAnswered(AppID, registered: Bool)
    /// The agent said (or a read of its `State` found) that the app is in `state`.
    case appStateChanged(AppID, AppState)
    /// The answer to a `grabKeyboard` action.
    case keyboardGrabAnswered(Bool)
    /// The lock window of `app` is on screen (its window is mapped inside the cover): it holds the keyboard now.
    case lockWindowMapped(AppID)
    /// The lock window process of `app` ended (one shown, or one started ahead): another waits a moment.
    case lockWindowExited(AppID)
    /// The cover of the window is gone or was taken off the screen by something other than the guard (any X client
    /// can destroy or unmap another's window): it is made and shown again at once, and the keyboard grab, which
    /// ends with its window, is taken again.
    case coverLost(GuardWindowID)
    /// A cover was clicked.
    case coverClicked(GuardWindowID)
    /// The user chose the app from the status item's menu: as with a click on a cover, its window is activated (the
    /// one its lock window is for, else its first covered one, else its first known one), which is the user reaching
    /// for it.
    case appChosen(AppID)
    /// A timer armed by `armTimer` fired.
    case timerFired
}
