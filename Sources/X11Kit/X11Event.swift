/// One X event, reduced to what a window follower needs.
public enum X11Event: Sendable, Equatable {
    /// A window was created as a child of `parent` (seen on the root window: a new top-level).
    case created(X11Window, parent: X11Window, overrideRedirect: Bool)
    case destroyed(X11Window)
    case mapped(X11Window)
    case unmapped(X11Window)
    /// A window's geometry or stacking changed; `rect` is relative to its parent, `above` is the sibling directly
    /// below it (nil: it is at the bottom).
    case configured(X11Window, rect: X11Rect, above: X11Window?)
    case reparented(X11Window, parent: X11Window)
    case propertyChanged(X11Window, X11Property)
    case buttonPressed(X11Window)
    /// A key was pressed that the guard grabbed (``X11Display/grabKey(keysym:modifiers:)``): its key code and the
    /// modifier state.
    case keyPressed(keycode: UInt32, state: UInt32)
    /// Part of a window needs drawing again (the last of a series).
    case exposed(X11Window)
    /// The `_NET_WM_CM_Sn` selection changed hands: a compositing manager started or stopped
    /// (``X11Display/followCompositor()``).
    case compositorChanged
    /// The XSETTINGS manager published new settings, or another manager took over, or none runs any more
    /// (``X11Display/followXSettings()``): read them again (``X11Display/xsettings()``).
    case xsettingsChanged
    case other
}
