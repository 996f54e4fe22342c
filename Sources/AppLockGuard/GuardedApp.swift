public import AppLockProtocol

/// A guarded app as the window rules see it: its id, its desktop file's `StartupWMClass`, and the program its
/// desktop file's `Exec` runs (``AppIdentity/program(ofExec:)``), the names its windows may carry.
public struct GuardedApp: Equatable, Sendable {
    public let app: AppID
    /// `StartupWMClass`: the window class its windows carry, when it is not the app id.
    public let startupWMClass: String?
    /// The basename of the program `Exec` runs (`evince`); nil for none or a generic launcher (`flatpak`, `sh`).
    public let program: String?

    public init(app: AppID, startupWMClass: String? = nil, program: String? = nil) {
        self.app = app
        self.startupWMClass = startupWMClass
        self.program = program
    }
}
