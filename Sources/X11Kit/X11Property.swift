/// The window properties whose changes the guard follows; everything else is `.other`.
public enum X11Property: Sendable, Equatable {
    case clientList
    case activeWindow
    case windowState
    case windowClass
    /// `_GTK_APPLICATION_ID`: GTK sets it after `WM_CLASS`, often after the window is mapped.
    case applicationID
    /// `_NET_WM_PID`.
    case processID
    /// `WM_TRANSIENT_FOR`.
    case transientFor
    case other
}
