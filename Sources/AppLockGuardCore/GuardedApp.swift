public import AppLockProtocol

/// A guarded app as the window rules see it: its id, its desktop file's `StartupWMClass`, and the program its
/// desktop file's `Exec` runs (``AppIdentity/windowProgram(ofExec:claimed:)``), the names its windows may carry.
public struct GuardedApp: Equatable, Sendable {
    public let app: AppID
    /// `StartupWMClass`: the window class its windows carry, when it is not the app id.
    public let startupWMClass: String?
    /// The basename of the program `Exec` runs (`evince`); nil for none, a generic launcher (`flatpak`, `sh`), or a
    /// name another installed desktop file claims (``AppIdentity/windowProgram(ofExec:claimed:)``).
    public let program: String?

    public init(app: AppID, startupWMClass: String? = nil, program: String? = nil) {
        self.app = app
        self.startupWMClass = startupWMClass
        self.program = program
    }
}
