/// The names `applock-guard` serves on the session bus, spelled in this one place for the guard, `applockctl`,
/// the policy reload, the bench, the tests and the KWin script the guard generates (the GNOME extension's static
/// JavaScript keeps its own copy, held equal to these by a test).
public enum GuardBusNames {
    /// The guard's well-known name: one guard per session.
    public static let busName = "io.github.applock.Guard1"
    /// The status object (``GuardProperty``).
    public static let statusPath = "/io/github/applock/Guard1"
    /// The status object's interface.
    public static let statusInterface = "io.github.applock.Guard1"
    /// The object a compositor script (KWin script, GNOME Shell extension) reports windows to and polls.
    public static let compositorPath = "/io/github/applock/Guard1/Compositor"
    /// The compositor object's interface.
    public static let compositorInterface = "io.github.applock.Guard1.Compositor"
}
