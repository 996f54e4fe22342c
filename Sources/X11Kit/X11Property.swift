/// The window properties whose changes the guard follows; everything else is `.other`.
public enum X11Property: Sendable, Equatable {
    case clientList
    case activeWindow
    case windowState
    case windowClass
    case other
}
