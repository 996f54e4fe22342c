/// Why the guard is not protecting guarded apps: the values of its `Reason` property (``GuardProperty/reason``),
/// for scripts and AppLock Settings to tell causes apart. The sentence for people is `Statement`, the remedy `Fix`.
public enum GuardReason: String, Sendable, CaseIterable, Hashable {
    /// The desktop's side has not answered yet (the guard has just started, the extension or script is starting).
    case waiting
    /// The AppLock GNOME Shell extension is not installed where the Shell looks.
    case extensionMissing = "extension-missing"
    /// The AppLock GNOME Shell extension is installed but disabled.
    case extensionDisabled = "extension-disabled"
    /// GNOME's user extensions are switched off as a whole.
    case extensionsSwitchedOff = "extensions-switched-off"
    /// The AppLock GNOME Shell extension does not support this GNOME version (`OUT_OF_DATE`).
    case extensionOutOfDate = "extension-out-of-date"
    /// The AppLock GNOME Shell extension failed to load or to enable (`ERROR`).
    case extensionError = "extension-error"
    /// The AppLock GNOME Shell extension is `ENABLED` but stopped polling the guard (its poll loop ended, or the
    /// Shell hangs).
    case extensionSilent = "extension-silent"
    /// The KWin script could not be loaded.
    case scriptFailed = "script-failed"
    /// The KWin script was unloaded while the guard ran.
    case scriptUnloaded = "script-unloaded"
    /// The KWin script is loaded but stopped polling the guard (its poll loop ended, or KWin hangs).
    case scriptSilent = "script-silent"
    /// The compositor (GNOME Shell, KWin, sway) has left or does not answer.
    case compositorGone = "compositor-gone"
    /// labwc withholds wlr-foreign-toplevel-management or wlr-layer-shell from the guard (its `<privilegedInterfaces>`
    /// setting, labwc 0.20+).
    case protocolsWithheld = "protocols-withheld"
    /// X11: no cover could be made.
    case noCover = "no-cover"
    /// A desktop the guard has no backend for (Hyprland, another Wayland compositor).
    case unsupportedDesktop = "unsupported-desktop"
    /// No display at all.
    case noDisplay = "no-display"
}
